package e2e

import (
	"context"
	"fmt"
	"html"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/web/browsertest"
)

// embeddingSite serves a customer's page embedding videoID with player;
// ?noreferrer makes the page send no referrer. Through the embed API the
// page keeps in window.playedTo how far the player has played, which the
// player reaches only after it sent its view beacon (at "playing").
func embeddingSite(t *testing.T, videoID, player string) *httptest.Server {
	t.Helper()
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		meta := ""
		if r.URL.Query().Has("noreferrer") {
			meta = `<meta name="referrer" content="no-referrer">`
		}
		src := html.EscapeString(suiteOf(t).URL + "/embed/" + videoID + "?player=" + r.URL.Query().Get("player"))
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><html><head>%s<title>customer</title></head><body>
<iframe id="player" src="%s" width="640" height="360" allow="autoplay; fullscreen"></iframe>
<script type="module">
import { VidhostPlayer } from %q;
window.playedTo = 0;
new VidhostPlayer(document.getElementById('player')).on('timeupdate', (e) => { window.playedTo = Math.max(window.playedTo, e.current_time); });
</script></body></html>`, meta, src, suiteOf(t).URL+"/embed/api.js")
	}))
	t.Cleanup(site.Close)
	return site
}

// playIn opens url in a fresh browser context (its own storage, so its own
// viewer id: the replay rule does not merge the pages) and waits until the
// embedded player has played a second.
func playIn(t *testing.T, tab context.Context, url string) {
	t.Helper()
	ctx, cancel := chromedp.NewContext(tab, chromedp.WithNewBrowserContext())
	defer cancel()
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(url)))
	// The iframe is another origin: the page learns through the embed API
	// that it played (its beacon, sent with navigator.sendBeacon, outlives
	// the context). Waiting on that, not a fixed 2 s, holds under load.
	browsertest.Poll[bool](t, ctx, `window.playedTo >= 1`)
}

// The done-when of analytics: headless Chromium plays an embedded video on
// pages of two origins and one that sends no referrer; the report by domain
// has both hosts and unknown, one view each; a page whose Player has
// analytics none adds nothing. About 15 s (a real transcode of a 3 s clip).
func TestBrowserEmbedsBecomeViewsByDomain(t *testing.T) {
	t.Parallel() // on a suite of its own (suites_test.go)
	clip := makeClip(t, 320, 240, 3)
	withSuite(t, newSuite(t, 1), "local", func() {
		data, err := os.ReadFile(clip)
		require.NoError(t, err)
		ref, _ := uploadForVideo(t, "clip.mp4", data)
		v := waitReady(t, createVideo(t, map[string]any{"name": "Embedded", "input": ref, "privacy": "public"}).ID)
		var loud, quiet struct {
			ID string `json:"id"`
		}
		mustOK(t, call(t, "POST", "/v2/players", ownerOf(t), map[string]any{"name": "autoplay", "autoplay": true, "muted": true})).decode(t, &loud)
		mustOK(t, call(t, "POST", "/v2/players", ownerOf(t), map[string]any{"name": "quiet", "autoplay": true, "muted": true, "analytics": "none"})).decode(t, &quiet)

		site := embeddingSite(t, v.ID, loud.ID)
		port := strconv.Itoa(site.Listener.Addr().(*net.TCPAddr).Port)
		tab := browsertest.NewTab(t)
		require.NoError(t, chromedp.Do(tab, chromedp.Navigate("about:blank")))
		playIn(t, tab, "http://127.0.0.1:"+port+"/?player="+loud.ID)
		playIn(t, tab, "http://localhost:"+port+"/?player="+loud.ID)
		playIn(t, tab, "http://127.0.0.1:"+port+"/?noreferrer&player="+loud.ID)
		playIn(t, tab, "http://localhost:"+port+"/?player="+quiet.ID)

		want := map[string]float64{"127.0.0.1": 1, "localhost": 1, "unknown": 1}
		waitForViews(t, want, "domain", v.ID, "views by domain")
		time.Sleep(time.Second) // a beacon of the quiet player would have arrived by now
		assert.Equal(t, want, viewsBy(t, "domain", v.ID), "the player with analytics none added nothing")
	})
}
