package e2e

import (
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"os"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/web/browsertest"
)

// elementsBundle is @vidhost/elements as built by `make sdk-elements` (the
// SDK is inside it); it is not committed.
const elementsBundle = "../../../sdk/elements/dist/vidhost-elements.js"

// elementsMux serves what a customer's page on its own origin loads: the
// built elements (no CDN) and the clip to upload.
func elementsMux(t *testing.T, clip []byte) *http.ServeMux {
	t.Helper()
	bundle, err := os.ReadFile(elementsBundle)
	require.NoError(t, err, "the elements bundle is missing: run make sdk-elements")
	mux := http.NewServeMux()
	mux.HandleFunc("/vidhost-elements.js", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/javascript")
		_, _ = w.Write(bundle)
	})
	mux.HandleFunc("/clip.mp4", func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write(clip) })
	return mux
}

// elementsSite serves a customer's page on its own origin that loads the
// built elements from that origin (no CDN), with the clip to upload beside it.
func elementsSite(t *testing.T, clip []byte, token string) *httptest.Server {
	t.Helper()
	mux := elementsMux(t, clip)
	mux.HandleFunc("/", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><html lang="en"><head><title>customer</title></head><body>
<vidhost-uploader id="u" origin="%[1]s" token="%[2]s"></vidhost-uploader>
<script type="module">
import './vidhost-elements.js';
window.progress = []; window.events = [];
const u = document.getElementById('u');
u.addEventListener('progress', (e) => window.progress.push(e.detail.sent));
u.addEventListener('uploaded', (e) => { window.videoId = e.detail.videoId; });
u.addEventListener('error', (e) => { window.failure = e.detail.message; });
window.upload = async () => {
  const bytes = await (await fetch('/clip.mp4')).blob();
  return u.send(new File([bytes], 'clip.mp4', { type: 'video/mp4' }));
};
window.play = (id) => {
  const p = document.createElement('vidhost-player');
  p.setAttribute('origin', %[3]q);
  p.setAttribute('video-id', id);
  for (const name of ['ready', 'play', 'timeupdate', 'error']) p.addEventListener(name, (e) => window.events.push({ name, time: e.detail.current_time }));
  document.body.append(p);
  window.player = p;
  p.ready().then(() => { p.muted = true; p.play(); });
};
</script></body></html>`, html.EscapeString(suiteOf(t).URL), html.EscapeString(token), suiteOf(t).URL)
	})
	site := httptest.NewServer(mux)
	t.Cleanup(site.Close)
	return site
}

// The done-when of the web components: a page on another origin uploads a
// file with <vidhost-uploader> and an upload token (tus through the SDK, with
// progress), gets the new video's id, and plays it in <vidhost-player>, sized
// to its aspect ratio. About 20 s (a real transcode of a 4 s clip).
func TestBrowserElementsOnAnotherOriginUploadAndPlay(t *testing.T) {
	t.Parallel() // on a suite of its own (suites_test.go)
	clip, err := os.ReadFile(makeClip(t, 240, 320, 4))
	require.NoError(t, err)
	withSuite(t, newSuite(t, 1), "local", func() {
		var token struct{ Token string }
		mustOK(t, call(t, "POST", "/v2/tokens", ownerOf(t), map[string]any{"type": "upload", "max_size_bytes": len(clip)})).decode(t, &token)
		site := elementsSite(t, clip, token.Token)
		tab := browsertest.NewTab(t)
		require.NoError(t, chromedp.Do(tab, chromedp.Navigate(site.URL)))

		browsertest.Eval[bool](t, tab, `window.upload(), true`)
		videoID := browsertest.Poll[string](t, tab, `window.videoId || (window.failure && 'failed: ' + window.failure)`)
		require.NotContains(t, videoID, "failed:")
		assert.Equal(t, float64(len(clip)), browsertest.Eval[float64](t, tab, `window.progress[window.progress.length - 1]`), "progress reaches the file's size")
		v := waitReady(t, videoID)
		assert.Equal(t, videoID, v.ID)

		browsertest.Eval[bool](t, tab, fmt.Sprintf(`window.play(%q), true`, videoID))
		browsertest.Poll[bool](t, tab, `window.events.some((e) => e.name === 'timeupdate' && e.time > 0.5)`)
		browsertest.Poll[string](t, tab, `window.player.style.aspectRatio`)
		ratio := browsertest.Eval[float64](t, tab, `(([w, h]) => w / h)(window.player.style.aspectRatio.split('/').map(Number))`)
		assert.InDelta(t, 0.75, ratio, 0.01, "sized to the video's 3:4 from the oEmbed answer")
		assert.False(t, browsertest.Eval[bool](t, tab, `window.events.some((e) => e.name === 'error')`), "no error event")
	})
}
