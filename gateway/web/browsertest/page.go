package browsertest

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
)

// recorderScript runs before the page's own scripts: it collects
// Content-Security-Policy violations, and records each change of an
// overlay's visibility (shown or not) together with the playback time at that moment (read
// in the same task as the change, so the pair is exact).
const recorderScript = `
window.cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => window.cspViolations.push(e.violatedDirective + ' ' + e.blockedURI));
window.overlayLog = [];
const overlayShown = new WeakMap();
new MutationObserver((mutations) => {
  const video = document.querySelector('video');
  for (const m of mutations) {
    const nodes = m.type === 'childList' ? [...m.addedNodes, ...m.removedNodes] : [m.target];
    for (const node of nodes) {
      if (!(node instanceof HTMLElement) || !node.matches('.vh-card, .vh-gate, .vh-hotspot')) continue;
      const shown = node.isConnected && !node.hidden;
      if ((overlayShown.get(node) || false) === shown) continue;
      overlayShown.set(node, shown);
      window.overlayLog.push({kind: node.classList[0], shown, time: video ? video.currentTime : -1});
    }
  }
}).observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ['hidden']});
`

// Open loads url with the recorder installed (window.cspViolations,
// window.overlayLog) and any further scripts, which also run before the
// page's own, and waits for the player to be built.
func Open(t testing.TB, ctx context.Context, url string, scripts ...string) {
	t.Helper()
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
			for _, script := range append([]string{recorderScript}, scripts...) {
				_, err := cdp.Call(ctx, target, page.AddScriptToEvaluateOnNewDocument,
					page.AddScriptToEvaluateOnNewDocumentParams{Source: script})
				if err != nil {
					return err
				}
			}
			return nil
		}),
		chromedp.Navigate(url),
	))
	// Video.js marks its root once the player is built.
	Poll[bool](t, ctx, `document.querySelector('.video-js.vjs-paused, .video-js.vjs-playing') !== null`)
}

// PollInterval is how often a wait re-checks the page: often enough that
// a test sees a state change well before the playhead moves on.
const PollInterval = 50 * time.Millisecond

// Poll waits (bounded by WaitTimeout) until expression is truthy and returns
// its value.
func Poll[T any](t testing.TB, ctx context.Context, expression string) T {
	t.Helper()
	result, err := chromedp.Run(ctx, chromedp.Poll[T](expression,
		chromedp.WithPollingTimeout(WaitTimeout), chromedp.WithPollingInterval(PollInterval)))
	require.NoError(t, err, "waiting for: %s", expression)
	return result
}

// Eval evaluates expression in the page and returns its value.
func Eval[T any](t testing.TB, ctx context.Context, expression string) T {
	t.Helper()
	result, err := chromedp.Run(ctx, chromedp.Evaluate[T](expression))
	require.NoError(t, err, expression)
	return result
}

// Play starts playback the way a viewer's click would reach the element.
func Play(t testing.TB, ctx context.Context) {
	t.Helper()
	Eval[chromedp.Void](t, ctx, `void document.querySelector('video').play().catch(() => {})`)
}
