package main

import (
	"context"
	"encoding/json"
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

// whipViewers are the rows of the table: LL-HLS, the way a browser going
// live is meant to be watched, then standard HLS, which tells a delay
// before packaging (both rows later by it) from one in the parts.
var whipViewers = []struct {
	name string
	viewer
}{
	{"WHIP ingest -> LL-HLS (hls.js lowLatencyMode)", lowLatencyViewer},
	{"WHIP ingest -> standard HLS (liveSyncDurationCount 2)", standardViewer},
}

// whipGlass publishes from the page to a new event and measures each of
// whipViewers for window.
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
		connection, _ := chromedp.Run(tab, chromedp.Evaluate[string](`pc.connectionState + ', ICE ' + pc.iceConnectionState`))
		e, _ := api.api.Videos.Get(context.Background(), event.ID)
		if e != nil {
			err = fmt.Errorf("%w (the page's connection: %s; the event: %s %s)", err, connection, e.Status, e.StatusReason)
		}
		return err
	}
	for _, v := range whipViewers {
		master, err := api.outputURL(event.ID, v.output)
		if err != nil {
			return err
		}
		got, err := b.watch(master, v.viewer, glassWarmup, window)
		if err != nil {
			return err
		}
		fmt.Printf("  %-60s p50 %s  p95 %s  (%d frames)\n", v.name,
			got.p50().Round(time.Millisecond), got.pct(0.95).Round(time.Millisecond), len(got))
	}
	printSenderStats(tab)
	return ctx.Err()
}

// printSenderStats prints the publishing browser's own figures: of the
// WHIP rows' latency, what its encoder and its pacer take before a packet
// leaves.
func printSenderStats(tab context.Context) {
	raw, err := chromedp.Run(tab, chromedp.Evaluate[string](`senderStats()`, chromedp.EvalAwaitPromise))
	var st struct {
		EncodeMs, SendDelayMs float64
		Width, Height         int
		FPS                   float64
		Limited               string
	}
	if err != nil || json.Unmarshal([]byte(raw), &st) != nil || st.Width == 0 {
		fmt.Println("  (the publishing browser gave no sender statistics)")
		return
	}
	fmt.Printf("  the publishing browser: %dx%d at %.0f fps, encode %.1f ms a frame, pacer %.1f ms a packet, quality limited by %s\n",
		st.Width, st.Height, st.FPS, st.EncodeMs, st.SendDelayMs, st.Limited)
}
