package e2e

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/web/browsertest"
)

// axeScript is axe-core from the dashboard's npm dependencies (make
// dashboard-check installs them).
const axeScript = "../../../gateway/web/dashboard/node_modules/axe-core/axe.min.js"

// screenshotDir is where the dashboard's screenshots go (git-ignored).
const screenshotDir = "../../../var/screenshots"

// screenshotsWanted says whether to write them: they are for a person to
// look at (`make screenshots` sets VIDHOST_SCREENSHOTS=1), they assert
// nothing, and a full-page PNG per page, width and theme was a fifth of the
// dashboard tests' time.
var screenshotsWanted = os.Getenv("VIDHOST_SCREENSHOTS") == "1"

// saveScreenshot writes the page, top to bottom, as
// var/screenshots/<file> when screenshots are wanted.
func saveScreenshot(t *testing.T, ctx context.Context, file string) {
	t.Helper()
	if !screenshotsWanted {
		return
	}
	require.NoError(t, os.MkdirAll(screenshotDir, 0o755))
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100)) // 100: PNG (below it, JPEG)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(screenshotDir, file), png, 0o644))
}

// screenWidths are the widths every page is checked and photographed at:
// a laptop and a phone.
var screenWidths = []int64{1280, 390}

// axeRules narrows axe-core's run by theme: the light theme gets every
// rule; the dark one only those about colour, since a theme changes
// nothing but the tokens' colours (the structure checked in light is the
// same), and the whole set twice made a long test run past its tab's time.
var axeRules = map[string]string{
	"light": "",
	"dark":  `, runOnly: {type: 'rule', values: ['color-contrast', 'link-in-text-block']}`,
}

// checkPage runs axe-core on the page at each width in the light and the
// dark theme (Chromium's emulated prefers-color-scheme; axeRules), failing
// on any serious or critical violation (contrast included), and (see
// screenshotsWanted) writes var/screenshots/dashboard-<name>-<width>.png
// (light) and dashboard-<name>-<width>-dark.png. The viewport is back at 1280 px and
// the theme back to the system's afterwards.
func checkPage(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	axe, err := os.ReadFile(axeScript)
	require.NoError(t, err, "axe-core is missing: run make dashboard")
	for _, scheme := range browsertest.ColorSchemes {
		require.NoError(t, chromedp.Do(ctx, browsertest.EmulateColorScheme(scheme)))
		for _, width := range screenWidths {
			require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(width, 900)))
			// Evaluated through DevTools, so the page's CSP does not apply to
			// it; once a page (it is half a megabyte to parse).
			loaded, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`typeof window.axe === 'object'`))
			require.NoError(t, err)
			if !loaded {
				_, err = chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](string(axe)))
				require.NoError(t, err)
			}
			violations, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`axe.run(document, {iframes: false, resultTypes: ['violations']`+axeRules[scheme]+`}).then(r =>
				r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
				 .map(v => v.impact + ' ' + v.id + ': ' + v.help + ' — ' + v.nodes.map(n => n.target.join(' ')).join(', ')))`,
				chromedp.EvalAwaitPromise))
			require.NoError(t, err)
			require.Empty(t, violations, "axe-core on %s at %d px, %s theme", name, width, scheme)
			if screenshotsWanted {
				// From the top: a page scrolled to a field would draw its sticky bars mid-page.
				_, err = chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](`void scrollTo(0, 0)`))
				require.NoError(t, err)
				saveScreenshot(t, ctx, screenshotFile(name, width, scheme))
			}
		}
	}
	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(screenWidths[0], 900), browsertest.EmulateColorScheme("")))
}

// screenshotFile names a page's screenshot: the light theme's without a
// suffix, as before the dark theme existed.
func screenshotFile(name string, width int64, scheme string) string {
	file := "dashboard-" + name + "-" + strconv.FormatInt(width, 10)
	if scheme != "light" {
		file += "-" + scheme
	}
	return file + ".png"
}

// pollThroughNavigation waits until expression is true like
// browsertest.Poll, but through page loads (an evaluation cut short by a
// navigation is tried again).
func pollThroughNavigation(t *testing.T, ctx context.Context, expression string) {
	t.Helper()
	deadline := time.Now().Add(browsertest.WaitTimeout)
	for {
		done, err := chromedp.Run(ctx, chromedp.Evaluate[bool](expression))
		if err == nil && done {
			return
		}
		require.True(t, time.Now().Before(deadline), "waiting for %s (last error: %v)", expression, err)
		time.Sleep(browsertest.PollInterval)
	}
}
