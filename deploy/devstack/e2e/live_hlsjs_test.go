package e2e

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/web/browsertest"
)

// hlsJS is hls.js from the test's own npm fixture (make test installs it
// with `npm ci` in testdata/hlsjs; it is never shipped). Our player plays
// live streams with Video.js; hls.js is what most sites that bring their
// own player use, so the live test also plays the stream with it, from
// another origin, the way a customer's page would.
const hlsJS = "testdata/hlsjs/node_modules/hls.js/dist/hls.min.js"

// hlsPage plays the master playlist named by the page's query with hls.js,
// muted (autoplay without a gesture), and exposes the hls.js instance.
const hlsPage = `<!doctype html><meta charset="utf-8"><title>hls.js</title>
<video muted playsinline width="640" height="360"></video>
<script src="/hls.min.js"></script>
<script>
const video = document.querySelector('video');
window.hlsErrors = [];
const hls = new Hls({liveSyncDurationCount: 2});
window.hls = hls;
hls.on(Hls.Events.ERROR, (_, data) => { if (data.fatal) window.hlsErrors.push(data.type + ' ' + data.details); });
hls.loadSource(new URLSearchParams(location.search).get('src'));
hls.attachMedia(video);
hls.on(Hls.Events.MANIFEST_PARSED, () => video.play().catch(() => {}));
</script>`

// openHLSPage serves page (which loads /hls.min.js and plays the master
// named by its ?src=) on an origin of its own, opens it on masterURL in a
// tab, and returns once a second has played without a fatal hls.js error
// (the page keeps them in window.hlsErrors).
func openHLSPage(t *testing.T, page, masterURL string) context.Context {
	t.Helper()
	tab := openPlayerPage(t, hlsJS, page, masterURL)
	browsertest.Poll[bool](t, tab, `window.hlsErrors.length > 0 || document.querySelector('video').currentTime > 1`)
	require.Empty(t, browsertest.Eval[[]string](t, tab, `window.hlsErrors`), "hls.js played without a fatal error")
	return tab
}

// openPlayerPage serves page and, under its file name, the player script
// at path on an origin of its own, and opens the page in a tab with src
// in its query (?src=).
func openPlayerPage(t *testing.T, path, page, src string) context.Context {
	t.Helper()
	script, err := os.ReadFile(path) //nolint:gosec // the test's own fixture
	require.NoError(t, err, "%s is missing: run make test (npm ci in deploy/devstack/e2e/testdata/hlsjs)", filepath.Base(path))
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/"+filepath.Base(path) {
			w.Header().Set("Content-Type", "text/javascript")
			_, _ = w.Write(script)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte(page))
	}))
	t.Cleanup(site.Close)

	tab := browsertest.NewTab(t)
	require.NoError(t, chromedp.Do(tab, chromedp.Navigate(site.URL+"/?src="+url.QueryEscape(src))))
	return tab
}

// playWithHlsJS opens a page on its own origin that plays masterURL with
// hls.js and returns the live latency the viewer sees: the wall clock
// minus the playhead's EXT-X-PROGRAM-DATE-TIME (hls.js's playingDate).
func playWithHlsJS(t *testing.T, masterURL string) time.Duration {
	t.Helper()
	tab := openHLSPage(t, hlsPage, masterURL)
	require.True(t, browsertest.Eval[bool](t, tab, `window.hls.levels.length >= 1`), "hls.js read the ladder")
	latency := browsertest.Poll[float64](t, tab, `window.hls.playingDate ? Date.now() - window.hls.playingDate.getTime() : 0`)
	return time.Duration(latency) * time.Millisecond
}
