package e2e

import (
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/web/browsertest"
)

// whipPost sends an offer to the suite's edge route, as a page would.
func whipPost(t *testing.T, id, key, offer string) (int, string) {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, suiteOf(t).URL+"/v2/videos/"+id+"/whip", strings.NewReader(offer))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/sdp")
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, string(body)
}

// The devstack's edge forwards /v2/videos/{id}/whip to its live service,
// whose key check answers (a second, no media): no key is 401, a wrong
// key 403, and another video's key 403 with why.
func TestWHIPRefusalsThroughTheEdge(t *testing.T) {
	var event liveEvent
	mustOK(t, call(t, "POST", "/v2/videos", ownerOf(t), map[string]any{"name": "WHIP refusals", "type": "event"})).decode(t, &event)
	var other liveEvent
	mustOK(t, call(t, "POST", "/v2/videos", ownerOf(t), map[string]any{"name": "WHIP other", "type": "event"})).decode(t, &other)

	status, body := whipPost(t, event.ID, "", "v=0\r\n")
	assert.Equal(t, http.StatusUnauthorized, status, body)
	assert.Contains(t, body, "no stream key")

	status, body = whipPost(t, event.ID, "vhlive_"+strings.Repeat("A", 43), "v=0\r\n")
	assert.Equal(t, http.StatusForbidden, status, body)

	key := getStreamKey(t, event.ID).Key
	status, body = whipPost(t, other.ID, key, "v=0\r\n")
	assert.Equal(t, http.StatusForbidden, status, body)
	assert.Contains(t, body, "another video's live event")
	// The claim was given back: the right path gets as far as the offer
	// (not "already has a publisher"), twice.
	for range 2 {
		status, body = whipPost(t, event.ID, key, "v=0\r\n")
		assert.Equal(t, http.StatusUnprocessableEntity, status, body)
		assert.Contains(t, body, "the offer sends no video")
	}
}

// TestGoLiveFromTheBrowser is the dashboard's Go live from this browser in
// headless Chromium with its fake camera and microphone, on a suite with a
// transcode worker: the button publishes over WHIP through the edge, the
// event goes live, Stop ends the session, and after the reconnect window
// (2 s here) the short recording goes through the ladder to ready. About a
// minute on two loaded cores, most of it the ladder.
//
// Not parallel: Chromium's WebRTC encoder and the live service's UDP
// session need real time, and beside the parallel suites' browsers and
// ladders a loaded two-core machine once kept the event from going live
// within a minute. It runs (on its own suite) before they start.
func TestGoLiveFromTheBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser, a WebRTC stream and a transcode worker")
	}
	withSuite(t, newSuite(t, 1), "local", func() {
		var event liveEvent
		mustOK(t, call(t, "POST", "/v2/videos", ownerOf(t), map[string]any{"name": "From the browser", "type": "event"})).decode(t, &event)
		p := newPerson(t)
		mustOK(t, p.signIn(t, suiteOf(t).Credentials.OwnerPassword, ""))
		tab := browsertest.NewTab(t)
		useSession(t, tab, p.cookie(t))
		require.NoError(t, chromedp.Do(tab, chromedp.Navigate(suiteOf(t).URL+"/live/"+event.ID)))
		pollThroughNavigation(t, tab, `!!document.getElementById('vh-browser-start') && document.getElementById('vh-browser-stop').disabled`)

		start := time.Now()
		require.NoError(t, chromedp.Do(tab, chromedp.Click(chromedp.CSS("#vh-browser-start"))))
		state := browsertest.Poll[string](t, tab, `(() => { const s = document.getElementById('vh-browser-state');
			return s.dataset.state === 'live' || s.dataset.state === 'error' ? s.dataset.state + ': ' + s.textContent : ''; })()`)
		require.True(t, strings.HasPrefix(state, "live: "), state)
		assert.True(t, browsertest.Eval[bool](t, tab, `document.activeElement === document.getElementById('vh-browser-stop')`), "focus moves to Stop")
		assert.True(t, browsertest.Eval[bool](t, tab, `(() => { const v = document.getElementById('vh-browser-preview');
			return !v.hidden && v.muted && !!v.srcObject; })()`), "the preview shows the camera, muted")
		waitStatus(t, event.ID, "live", time.Minute)
		t.Logf("live %s after the button was pressed", time.Since(start).Round(time.Millisecond))
		browsertest.Poll[bool](t, tab, `document.querySelector('.vh-page-head [data-status]')?.dataset.status === 'live'`)

		require.NoError(t, chromedp.Do(tab, chromedp.Click(chromedp.CSS("#vh-browser-stop"))))
		browsertest.Poll[bool](t, tab, `document.getElementById('vh-browser-state').dataset.state === 'stopped'`)
		assert.False(t, browsertest.Eval[bool](t, tab, `!!document.getElementById('vh-browser-preview').srcObject`), "the camera is let go")
		ready := waitStatus(t, event.ID, "ready", 3*time.Minute)
		assert.Positive(t, ready.Duration, "the recording has the stream")
	})
}
