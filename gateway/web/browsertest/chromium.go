package browsertest

import (
	"context"
	"fmt"
	"iter"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// ChromiumPath is Debian's Chromium, which every browser test drives.
const ChromiumPath = "/usr/bin/chromium"

// TabTimeout bounds everything one test does in its tab; WaitTimeout bounds
// each single wait inside it. A dashboard test runs axe-core four times a
// page (two widths, two themes), which on a loaded two-core machine took a
// long walk past 90 s (the developer pages, 14 states, about 200 s).
const (
	TabTimeout  = 300 * time.Second
	WaitTimeout = 30 * time.Second
)

var (
	browserOnce    sync.Once
	browserCtx     context.Context
	browserErr     error
	browserCancels []context.CancelFunc
	profileDir     string
)

func startBrowser() {
	if _, err := exec.LookPath(ChromiumPath); err != nil {
		browserErr = fmt.Errorf("%s not found: install chromium (make test does)", ChromiumPath)
		return
	}
	profileDir, browserErr = os.MkdirTemp("", "vidhost-browsertest-profile-")
	if browserErr != nil {
		return
	}
	options := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(ChromiumPath),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.UserDataDir(profileDir),
		chromedp.WindowSize(1280, 720),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("autoplay-policy", "no-user-gesture-required"),
		// Software WebGL for the 360 renderer, since there is no GPU.
		chromedp.Flag("enable-unsafe-swiftshader", true),
		// A camera and microphone (a test pattern and a beep), granted
		// without asking: the dashboard's Go live from this browser.
		chromedp.Flag("use-fake-device-for-media-stream", true),
		chromedp.Flag("use-fake-ui-for-media-stream", true),
	}
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), options...)
	ctx, cancelBrowser := chromedp.NewContext(allocCtx)
	browserCancels = []context.CancelFunc{cancelBrowser, cancelAlloc}
	browserCtx = ctx
	// The first action on the context starts the browser process.
	browserErr = chromedp.Do(ctx)
}

// CloseBrowser stops the shared browser; call it from TestMain after m.Run.
func CloseBrowser() {
	for _, cancel := range browserCancels {
		cancel()
	}
	if profileDir != "" {
		_ = os.RemoveAll(profileDir)
	}
}

// NewTab opens a tab in the shared browser (started on first use), in the
// browser context of t's top-level test: the tabs of one test share cookies
// and storage (a sign-in in one holds in the next), and no two tests share
// them, so tests signed in to different suites on 127.0.0.1 (cookies belong
// to a host, not a port) can run in parallel. The context ends with the test
// that opened its first tab, usually the top-level one. When the test fails,
// the tab's screenshot is saved under os.TempDir and the browser console is
// logged. Browser tests are slow: -short skips them.
func NewTab(t testing.TB) context.Context {
	t.Helper()
	return newTab(t)
}

// NewPrivateTab opens a tab in a browser context of its own, as a private
// window would: no cookies or storage shared with other tabs, so a second
// person can be signed in beside the first.
func NewPrivateTab(t testing.TB) context.Context {
	t.Helper()
	return newTab(t, chromedp.WithNewBrowserContext())
}

// testContexts maps a test's name to a blank tab in its own browser
// context, whose child contexts (NewTab) open tabs in it.
var (
	testContextsMu sync.Mutex
	testContexts   = map[string]context.Context{}
)

// testContext is the browser context of the closest test, t or one of its
// parents, that already has one; else a new one for t, disposed of when t
// ends. A top-level test's tabs so share its sign-in with its subtests',
// while parallel subtests of a test that opened no tab get one each (one
// registered by the first of them would be disposed of under the others).
func testContext(t testing.TB) context.Context {
	t.Helper()
	testContextsMu.Lock()
	defer testContextsMu.Unlock()
	for name := t.Name(); ; {
		if ctx, ok := testContexts[name]; ok {
			return ctx
		}
		parent, _, found := cutLast(name, "/")
		if !found {
			break
		}
		name = parent
	}
	ctx, cancel := chromedp.NewContext(browserCtx, chromedp.WithNewBrowserContext())
	if err := chromedp.Do(ctx); err != nil { // creates the browser context and its blank tab
		cancel()
		t.Fatalf("new browser context: %v", err)
	}
	name := t.Name()
	testContexts[name] = ctx
	t.Cleanup(func() {
		testContextsMu.Lock()
		delete(testContexts, name)
		testContextsMu.Unlock()
		cancel()
	})
	return ctx
}

// cutLast is strings.Cut at the last sep.
func cutLast(s, sep string) (before, after string, found bool) {
	i := strings.LastIndex(s, sep)
	if i < 0 {
		return s, "", false
	}
	return s[:i], s[i+len(sep):], true
}

// newTab opens a tab in the test's browser context, or with options (a
// context of its own) in the browser.
func newTab(t testing.TB, options ...chromedp.ContextOption) context.Context {
	t.Helper()
	if testing.Short() {
		t.Skip("browser tests are slow; run without -short")
	}
	browserOnce.Do(startBrowser)
	if browserErr != nil {
		t.Fatalf("start chromium: %v", browserErr)
	}
	parent := browserCtx
	if len(options) == 0 {
		parent = testContext(t)
	}
	tabCtx, cancelTab := chromedp.NewContext(parent, options...)
	ctx, cancelTimeout := context.WithTimeout(tabCtx, TabTimeout)
	console := &consoleLog{}
	go console.collect(chromedp.Console(ctx))
	t.Cleanup(func() {
		if t.Failed() {
			saveScreenshot(t, ctx)
			t.Logf("browser console:\n%s", console.String())
		}
		cancelTimeout()
		cancelTab()
	})
	return ctx
}

func saveScreenshot(t testing.TB, ctx context.Context) {
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Logf("screenshot failed: %v", err)
		return
	}
	name := strings.NewReplacer("/", "-", " ", "_").Replace(t.Name())
	file, err := os.CreateTemp("", "vidhost-"+name+"-*.png")
	if err == nil {
		_, err = file.Write(png)
		file.Close()
	}
	if err != nil {
		t.Logf("save screenshot: %v", err)
		return
	}
	t.Logf("screenshot: %s", file.Name())
}

// consoleLog keeps the page's console output and uncaught exceptions.
type consoleLog struct {
	mu    sync.Mutex
	lines []string
}

// collect reads the tab's console until the tab closes.
func (c *consoleLog) collect(messages iter.Seq2[chromedp.ConsoleMessage, error]) {
	for message, err := range messages {
		if err != nil {
			return
		}
		c.mu.Lock()
		c.lines = append(c.lines, message.String())
		c.mu.Unlock()
	}
}

func (c *consoleLog) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return strings.Join(c.lines, "\n")
}
