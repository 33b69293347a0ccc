package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"time"

	"github.com/chromedp/chromedp"
)

// hlsJSPath is hls.js from the end-to-end tests' npm fixture (run.sh
// installs it), the player most sites that bring their own use.
const hlsJSPath = "deploy/devstack/e2e/testdata/hlsjs/node_modules/hls.js/dist/hls.min.js"

// viewer is one way of watching: a name for the table, the event's output
// it plays and hls.js's configuration.
type viewer struct {
	name   string
	output string
	config map[string]any
}

// The viewers, with the settings docs/live.md gives for each playlist:
// the standard one two 2 s segments behind the edge; the low-latency one
// with parts and blocking reload, catching up at 1.5x after a stall.
var (
	standardViewer = viewer{name: "standard HLS (hls.js, liveSyncDurationCount 2)", output: "HLS live",
		config: map[string]any{"liveSyncDurationCount": 2, "lowLatencyMode": false}}
	lowLatencyViewer = viewer{name: "LL-HLS (hls.js lowLatencyMode, maxLiveSyncPlaybackRate 1.5)", output: "HLS low-latency",
		config: map[string]any{"lowLatencyMode": true, "maxLiveSyncPlaybackRate": 1.5}}
)

// glassBrowser is a headless Chromium with a page server of its own.
type glassBrowser struct {
	ctx    context.Context
	cancel context.CancelFunc
	site   string
	server *http.Server
}

func startGlassBrowser(ctx context.Context) (*glassBrowser, error) {
	script, err := os.ReadFile(hlsJSPath)
	if err != nil {
		return nil, fmt.Errorf("hls.js is missing (make e2e-fixtures): %w", err)
	}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	server := &http.Server{ReadHeaderTimeout: 5 * time.Second, Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == whipPublisherPath {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			_, _ = w.Write([]byte(whipPublisherPage))
			return
		}
		if r.URL.Path == "/hls.min.js" {
			w.Header().Set("Content-Type", "text/javascript")
			_, _ = w.Write(script)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte(glassPage))
	})}
	go func() { _ = server.Serve(lis) }()
	alloc, cancelAlloc := chromedp.NewExecAllocator(ctx, chromedp.ExecPath("/usr/bin/chromium"), chromedp.Headless,
		chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("autoplay-policy", "no-user-gesture-required"),
		// The WHIP publisher's tab draws and sends while a viewer's tab is
		// in front: neither may be throttled as a background tab.
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.Flag("disable-backgrounding-occluded-windows", true))
	tabs, cancelTabs := chromedp.NewContext(alloc)
	b := &glassBrowser{ctx: tabs, site: "http://" + lis.Addr().String(), server: server,
		cancel: func() { cancelTabs(); cancelAlloc() }}
	return b, chromedp.Do(tabs)
}

func (b *glassBrowser) close() {
	b.cancel()
	_ = b.server.Close()
}

// watch plays master as v does for warmup (the player settles at its
// distance from the edge), then records window of frames and returns their
// glass-to-glass latencies.
func (b *glassBrowser) watch(master string, v viewer, warmup, window time.Duration) (durations, error) {
	tab, cancel := chromedp.NewContext(b.ctx)
	defer cancel()
	cfg, err := json.Marshal(v.config)
	if err != nil {
		return nil, err
	}
	page := b.site + "/?src=" + url.QueryEscape(master) + "&cfg=" + url.QueryEscape(string(cfg))
	if err := chromedp.Do(tab, chromedp.Navigate(page)); err != nil {
		return nil, err
	}
	time.Sleep(warmup)
	if _, err := chromedp.Run(tab, chromedp.Evaluate[chromedp.Void](`void (window.samples = [])`)); err != nil {
		return nil, err
	}
	time.Sleep(window)
	got, err := chromedp.Run(tab, chromedp.Evaluate[glassSamples](`({samples: window.samples, errors: window.errors})`))
	if err != nil {
		return nil, err
	}
	if len(got.Errors) > 0 {
		return nil, fmt.Errorf("%s: hls.js: %v", v.name, got.Errors)
	}
	if len(got.Samples) == 0 {
		return nil, errors.New(v.name + ": no stamped frame was read")
	}
	out := make(durations, len(got.Samples))
	for i, ms := range got.Samples {
		out[i] = time.Duration(ms * float64(time.Millisecond))
	}
	return out, nil
}

// glassSamples is what the page recorded: milliseconds per frame shown,
// and hls.js's fatal errors.
type glassSamples struct {
	Samples []float64 `json:"samples"`
	Errors  []string  `json:"errors"`
}
