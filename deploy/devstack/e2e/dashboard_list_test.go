package e2e

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/web/browsertest"
)

// listReadyScript records, before the page's own scripts run, when the
// video list first shows a full page of rows (ms since navigation start).
const listReadyScript = `
new MutationObserver((_, observer) => {
  if (document.querySelectorAll('.vh-video').length >= 20) {
    window.vhListReady = performance.now();
    observer.disconnect();
  }
}).observe(document, {subtree: true, childList: true});
`

// TestDashboardListOf1000Videos opens the list of an account with 1,000
// videos (newest first), pages forward and back, turns it oldest first, and
// searches; it logs how long the first page took to show (the issue's
// time-to-interactive figure; logged, not asserted). About 15 s, most of it
// creating the videos.
func TestDashboardListOf1000Videos(t *testing.T) {
	t.Parallel() // on a suite and in a browser context of its own (suites_test.go, browsertest.NewTab)
	if testing.Short() {
		t.Skip("creates 1,000 videos")
	}
	withSuite(t, newSuite(t, 0), "local", func() {
		for i := range 1000 {
			createVideo(t, map[string]any{"name": fmt.Sprintf("video %04d", i)})
		}
		p := newPerson(t)
		mustOK(t, p.signIn(t, suiteOf(t).Credentials.OwnerPassword, ""))
		ctx := browsertest.NewTab(t)
		useSession(t, ctx, p.cookie(t))
		require.NoError(t, chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
			_, err := cdp.Call(ctx, target, cdppage.AddScriptToEvaluateOnNewDocument,
				cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: listReadyScript})
			return err
		})))

		require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(suiteOf(t).URL+"/videos")))
		ready := browsertest.Poll[float64](t, ctx, `window.vhListReady`)
		// When the list's answer arrived tells the server's share from the page's.
		answered := browsertest.Eval[float64](t, ctx, `performance.getEntriesByType('resource').find(e => e.name.includes('/v2/videos?'))?.responseEnd ?? -1`)
		t.Logf("the first page of 1,000 videos showed %.0f ms after navigation started (its GET /v2/videos answered at %.0f ms)", ready, answered)
		assert.Equal(t, "video 0999", browsertest.Eval[string](t, ctx, `document.querySelector('.vh-video-name').textContent`))

		next := `document.querySelector('.vh-pager button:last-child')`
		require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.vh-pager button:last-child`))))
		browsertest.Poll[bool](t, ctx, `document.querySelector('.vh-video-name')?.textContent === 'video 0979'`)
		assert.Contains(t, browsertest.Eval[string](t, ctx, `location.search`), "cursor=")
		require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.vh-pager button:first-child`))))
		browsertest.Poll[bool](t, ctx, `document.querySelector('.vh-video-name')?.textContent === 'video 0999' && !`+next+`.disabled`)

		chooseOption(t, ctx, ".vh-filters select[name=sort]", "created_time")
		browsertest.Poll[bool](t, ctx, `document.querySelector('.vh-video-name')?.textContent === 'video 0000' && location.search.includes('sort=created_time')`)

		start := time.Now()
		require.NoError(t, chromedp.Do(ctx, chromedp.SendKeys(chromedp.CSS(`input[name=search]`), "video 0999\r")))
		browsertest.Poll[bool](t, ctx, `document.querySelectorAll('.vh-video').length === 1 && document.querySelector('.vh-video-name').textContent === 'video 0999'`)
		t.Logf("a search over 1,000 videos showed its result in %v", time.Since(start).Round(time.Millisecond))
		checkPage(t, ctx, "videos-search")
	})
}
