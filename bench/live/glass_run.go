package main

import (
	"context"
	"fmt"
	"time"
)

// glassWarmup is how long a player plays before its frames count: hls.js
// starts at its distance from the edge and catches up for a few seconds.
const glassWarmup = 8 * time.Second

// glassRun publishes stamped frames to a new event and measures, for each
// viewer, the glass-to-glass latency of every frame it shows for window;
// then the same from a browser publishing over WHIP to the LL-HLS viewer.
func glassRun(ctx context.Context, api client, suiteURL string, pub publishTo, window time.Duration) error {
	browser, err := startGlassBrowser(ctx)
	if err != nil {
		return err
	}
	defer browser.close()
	viewers := []viewer{standardViewer, lowLatencyViewer}
	event, err := api.createEvent()
	if err != nil {
		return err
	}
	seconds := int((glassWarmup+window)*time.Duration(len(viewers))/time.Second) + 20
	format, target := pub.target(event.Input)
	publisher, err := publishStamped(ctx, format, target, seconds)
	if err != nil {
		return err
	}
	if _, err := api.waitLive(event.ID, time.Minute); err != nil {
		return err
	}
	fmt.Printf("\nglass to glass (stamp drawn into each frame as it enters the encoder, read back from the frame the player shows; %s per viewer):\n", window)
	for _, v := range viewers {
		master, err := api.outputURL(event.ID, v.output)
		if err != nil {
			return err
		}
		got, err := browser.watch(master, v, glassWarmup, window)
		if err != nil {
			return err
		}
		fmt.Printf("  %-60s p50 %s  p95 %s  (%d frames)\n", v.name,
			got.p50().Round(time.Millisecond), got.pct(0.95).Round(time.Millisecond), len(got))
	}
	_ = publisher.stop() // killed: its exit status says nothing
	// Deleted, so it holds none of the plan's live events at once while
	// its reconnect window runs.
	if err := api.api.Videos.Delete(ctx, event.ID); err != nil {
		return err
	}
	// A browser publishing over WHIP instead of the encoder (glass_whip.go).
	return whipGlass(ctx, api, suiteURL, browser, window)
}
