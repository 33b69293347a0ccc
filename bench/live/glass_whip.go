package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/chromedp/chromedp"
)

// WHIP glass to glass: a Chromium page draws the stamp (stamp.go's
// layout) on a canvas and publishes canvas.captureStream(30) and an
// oscillator's tone over WHIP, through the edge's
// /v2/videos/{id}/whip, as a browser going live would; the LL-HLS viewer
// reads the stamp back. The browser's own encoder (OpenH264 in Chromium)
// and its WebRTC pacing replace x264 zerolatency.

// whipGlassName is the row of the table.
const whipGlassName = "WHIP ingest -> LL-HLS (hls.js lowLatencyMode)"

// whipGlass publishes from the page to a new event and measures the
// low-latency viewer for window.
func whipGlass(ctx context.Context, api client, suiteURL string, b *glassBrowser, window time.Duration) error {
	event, err := api.createEvent()
	if err != nil {
		return err
	}
	defer func() { _ = api.api.Videos.Delete(context.Background(), event.ID) }()
	key := event.Input[strings.LastIndex(event.Input, "/")+1:] // rtmp://…/live/<key>
	tab, cancel := chromedp.NewContext(b.ctx)
	defer cancel()
	if err := chromedp.Do(tab, chromedp.Navigate(b.site+whipPublisherPath)); err != nil {
		return err
	}
	endpoint := suiteURL + "/v2/videos/" + event.ID + "/whip"
	state, err := chromedp.Run(tab, chromedp.Evaluate[string](fmt.Sprintf(`publish(%q, %q)`, endpoint, key), chromedp.EvalAwaitPromise))
	if err != nil {
		return err
	}
	if state != "live" {
		return errors.New("whip publisher: " + state)
	}
	defer func() { // the session ends now rather than at the stall timeout
		_, _ = chromedp.Run(tab, chromedp.Evaluate[string](`unpublish()`, chromedp.EvalAwaitPromise))
	}()
	if _, err := api.waitLive(event.ID, time.Minute); err != nil {
		return err
	}
	master, err := api.outputURL(event.ID, lowLatencyViewer.output)
	if err != nil {
		return err
	}
	got, err := b.watch(master, lowLatencyViewer, glassWarmup, window)
	if err != nil {
		return err
	}
	fmt.Printf("  %-60s p50 %s  p95 %s  (%d frames)\n", whipGlassName,
		got.p50().Round(time.Millisecond), got.pct(0.95).Round(time.Millisecond), len(got))
	return ctx.Err()
}
