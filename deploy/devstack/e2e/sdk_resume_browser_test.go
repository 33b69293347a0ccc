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

// resumeChunk is the uploader's chunk size in the resume test: small, so a
// short clip is several PATCHes.
const resumeChunk = 16 << 10

// resumeSite serves a customer's page, on its own origin, with a
// <vidhost-uploader>. Its fetch counts the bytes PATCHed; with ?cut=N the
// connection "drops" after N PATCHes: later ones never answer, as a cable
// pulled mid-upload, until the page is loaded again.
func resumeSite(t *testing.T, clip []byte, token string) *httptest.Server {
	t.Helper()
	mux := elementsMux(t, clip)
	mux.HandleFunc("/", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><html lang="en"><head><title>customer</title></head><body>
<vidhost-uploader id="u" origin="%s" token="%s" chunk-size="%d"></vidhost-uploader>
<script type="module">
import './vidhost-elements.js';
const cut = Number(new URLSearchParams(location.search).get('cut') || Infinity);
const realFetch = window.fetch.bind(window);
window.sent = 0; window.patches = 0; window.progress = [];
window.fetch = (input, init = {}) => {
  if (init.method === 'PATCH') {
    if (window.patches >= cut) return new Promise(() => {}); // the connection is gone
    window.patches++;
    window.sent += init.body.size;
  }
  return realFetch(input, init);
};
const u = document.getElementById('u');
u.addEventListener('progress', (e) => window.progress.push(e.detail.sent));
u.addEventListener('uploaded', (e) => { window.videoId = e.detail.videoId; });
u.addEventListener('error', (e) => { window.failure = e.detail.message; });
window.upload = async () => {
  const bytes = await (await fetch('/clip.mp4')).blob();
  // The same file on both loads, as a picker would give it: same name, size and date.
  return u.send(new File([bytes], 'clip.mp4', { type: 'video/mp4', lastModified: 1700000000000 }));
};
</script></body></html>`, html.EscapeString(suiteOf(t).URL), html.EscapeString(token), resumeChunk)
	})
	site := httptest.NewServer(mux)
	t.Cleanup(site.Close)
	return site
}

// TestBrowserUploaderResumesAfterTheConnectionDrops: <vidhost-uploader> on
// another origin loses its connection after two chunks; the person reloads
// the page and drops the same file again. The SDK finds the upload in
// localStorage, asks the server its offset, sends only the rest, and the
// video is created.
func TestBrowserUploaderResumesAfterTheConnectionDrops(t *testing.T) {
	clip, err := os.ReadFile(makeClip(t, 240, 320, 4))
	require.NoError(t, err)
	require.Greater(t, len(clip), 4*resumeChunk, "the clip must be several chunks")
	var token struct{ Token string }
	mustOK(t, call(t, "POST", "/v2/tokens", ownerOf(t), map[string]any{"type": "upload", "max_size_bytes": len(clip)})).decode(t, &token)
	site := resumeSite(t, clip, token.Token)
	tab := browsertest.NewTab(t)

	require.NoError(t, chromedp.Do(tab, chromedp.Navigate(site.URL+"/?cut=2")))
	browsertest.Eval[bool](t, tab, `window.upload(), true`)
	browsertest.Poll[bool](t, tab, `window.progress.includes(`+fmt.Sprint(2*resumeChunk)+`)`)
	assert.Equal(t, float64(2*resumeChunk), browsertest.Eval[float64](t, tab, `window.sent`), "two chunks reached the server")

	require.NoError(t, chromedp.Do(tab, chromedp.Navigate(site.URL+"/")))
	browsertest.Eval[bool](t, tab, `window.upload(), true`)
	videoID := browsertest.Poll[string](t, tab, `window.videoId || (window.failure && 'failed: ' + window.failure)`)
	require.NotContains(t, videoID, "failed:")
	assert.Equal(t, float64(2*resumeChunk), browsertest.Eval[float64](t, tab, `window.progress[0]`), "the second load starts where the first stopped")
	assert.Equal(t, float64(len(clip)-2*resumeChunk), browsertest.Eval[float64](t, tab, `window.sent`), "only the rest is sent again")

	var v video
	mustOK(t, call(t, "GET", "/v2/videos/"+videoID, ownerOf(t), nil)).decode(t, &v)
	assert.Equal(t, videoID, v.ID)
}
