package e2e

import (
	"encoding/json"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/web/browsertest"
)

// remoteControlSite serves a customer's page, on its own origin, that
// embeds videoID and imports the embed API helper from the gateway: the
// page keeps what the player reports in window.received and exposes the
// helper as window.vh.
func remoteControlSite(t *testing.T, videoID string) *httptest.Server {
	t.Helper()
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><html><head><title>customer</title></head><body>
<iframe id="player" src="%s" width="640" height="360" allow="autoplay; fullscreen"></iframe>
<script type="module">
import { VidhostPlayer } from %q;
window.received = [];
const vh = new VidhostPlayer(document.getElementById('player'));
for (const name of ['ready', 'play', 'pause', 'seeked', 'timeupdate', 'ended', 'error']) {
  vh.on(name, (e) => window.received.push({ event: e.event, time: e.current_time, paused: e.paused, video: e.video_id }));
}
vh.ready().then((state) => { window.readyState = state; });
window.vh = vh;
</script></body></html>`, html.EscapeString(suiteOf(t).URL+"/embed/"+videoID), suiteOf(t).URL+"/embed/api.js")
	}))
	t.Cleanup(site.Close)
	return site
}

// The done-when of the embed API: a page on another origin controls the
// embedded player through postMessage (play, seek, pause, getState) with the
// helper served at /embed/api.js, and receives its events. About 20 s (a
// real transcode of a 6 s clip).
func TestBrowserPageOnAnotherOriginControlsTheEmbed(t *testing.T) {
	t.Parallel() // on a suite of its own (suites_test.go)
	clip := makeClip(t, 320, 240, 6)
	withSuite(t, newSuite(t, 1), "local", func() {
		data, err := os.ReadFile(clip)
		require.NoError(t, err)
		ref, _ := uploadForVideo(t, "clip.mp4", data)
		v := waitReady(t, createVideo(t, map[string]any{"name": "Remote", "input": ref, "privacy": "unlisted"}).ID)
		site := remoteControlSite(t, v.ID)
		tab := browsertest.NewTab(t)
		require.NoError(t, chromedp.Do(tab, chromedp.Navigate(site.URL)))

		ready := browsertest.Poll[map[string]any](t, tab, `window.readyState`)
		assert.Equal(t, v.ID, ready["video_id"])
		assert.Equal(t, true, ready["paused"], "no autoplay without a Player that asks for it")

		browsertest.Eval[bool](t, tab, `window.vh.play(), true`)
		browsertest.Poll[bool](t, tab, `window.received.some((e) => e.event === 'play')`)
		browsertest.Poll[bool](t, tab, `window.received.some((e) => e.event === 'timeupdate' && e.time > 0.5)`)

		browsertest.Eval[bool](t, tab, `window.vh.seek(4), true`)
		seeked := browsertest.Poll[float64](t, tab, `(window.received.find((e) => e.event === 'seeked') || {}).time`)
		assert.InDelta(t, 4, seeked, 0.5, "seeked reports the new position")

		browsertest.Eval[bool](t, tab, `window.vh.pause(), true`)
		browsertest.Poll[bool](t, tab, `window.received.some((e) => e.event === 'pause' && e.paused)`)
		browsertest.Eval[bool](t, tab, `window.vh.getState().then((s) => { window.lastState = s; }), true`)
		state := browsertest.Poll[map[string]any](t, tab, `window.lastState`)
		assert.Equal(t, true, state["paused"])
		assert.GreaterOrEqual(t, state["current_time"], 4.0)

		browsertest.Eval[bool](t, tab, `window.vh.seek(5.8), window.vh.play(), true`)
		browsertest.Poll[bool](t, tab, `window.received.some((e) => e.event === 'ended')`)
		assert.False(t, browsertest.Eval[bool](t, tab, `window.received.some((e) => e.event === 'error')`), "no error event")
		assert.False(t, browsertest.Eval[bool](t, tab, fmt.Sprintf(`window.received.some((e) => e.video !== %q)`, v.ID)), "every event names the video")
		assertOEmbedFollowsPrivacy(t, v.ID)
	})
}

// assertOEmbedFollowsPrivacy checks the oEmbed answer and the watch page's
// tags of a ready unlisted video, then that both go once it is private.
func assertOEmbedFollowsPrivacy(t *testing.T, videoID string) {
	t.Helper()
	watch := suiteOf(t).URL + "/watch/" + videoID
	oembed := suiteOf(t).URL + "/oembed?" + url.Values{"url": {watch}, "format": {"json"}}.Encode()
	var answer struct {
		Type, Title, HTML string
	}
	resp, err := http.Get(oembed)
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&answer))
	assert.Equal(t, "video", answer.Type)
	assert.Equal(t, "Remote", answer.Title)
	assert.Contains(t, answer.HTML, `<iframe src="`+suiteOf(t).URL+`/embed/`+videoID+`"`)
	assert.Contains(t, pageBody(t, watch), `<meta name="twitter:player" content="`+suiteOf(t).URL+`/embed/`+videoID+`">`)

	mustOK(t, call(t, "PATCH", "/v2/videos/"+videoID, ownerOf(t), map[string]any{"privacy": "private"}))
	require.Eventually(t, func() bool {
		resp, err := http.Get(oembed)
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == http.StatusNotFound
	}, 30*time.Second, 200*time.Millisecond, "a private video has no oEmbed")
	assert.NotContains(t, pageBody(t, watch), "og:video", "nor share tags")
}

func pageBody(t *testing.T, pageURL string) string {
	t.Helper()
	resp, err := http.Get(pageURL)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return string(body)
}
