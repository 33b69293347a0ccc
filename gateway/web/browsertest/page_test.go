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

// overlayEvent is one entry of window.overlayLog.
type overlayEvent struct {
	Kind  string  `json:"kind"`
	Shown bool    `json:"shown"`
	Time  float64 `json:"time"`
}

// open loads url with the recorder installed and waits for the player.
func open(t *testing.T, ctx context.Context, url string) {
	t.Helper()
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
			_, err := cdp.Call(ctx, target, page.AddScriptToEvaluateOnNewDocument,
				page.AddScriptToEvaluateOnNewDocumentParams{Source: recorderScript})
			return err
		}),
		chromedp.Navigate(url),
	))
	// Video.js marks its root once the player is built.
	poll[bool](t, ctx, `document.querySelector('.video-js.vjs-paused, .video-js.vjs-playing') !== null`)
}

// pollInterval is how often a wait re-checks the page: often enough that
// a test sees a state change well before the playhead moves on.
const pollInterval = 50 * time.Millisecond

// poll waits (bounded by waitTimeout) until expression is truthy and returns
// its value.
func poll[T any](t *testing.T, ctx context.Context, expression string) T {
	t.Helper()
	result, err := chromedp.Run(ctx, chromedp.Poll[T](expression,
		chromedp.WithPollingTimeout(waitTimeout), chromedp.WithPollingInterval(pollInterval)))
	require.NoError(t, err, "waiting for: %s", expression)
	return result
}

func eval[T any](t *testing.T, ctx context.Context, expression string) T {
	t.Helper()
	result, err := chromedp.Run(ctx, chromedp.Evaluate[T](expression))
	require.NoError(t, err, expression)
	return result
}

// play starts playback the way a viewer's click would reach the element.
func play(t *testing.T, ctx context.Context) {
	t.Helper()
	eval[chromedp.Void](t, ctx, `void document.querySelector('video').play().catch(() => {})`)
}
