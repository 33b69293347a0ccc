// Command live measures live events through the whole suite (deploy/devstack
// in process). First glass to glass (glass_run.go): a stamped encoder
// publishes and hls.js in headless Chromium reads the stamp back from every
// frame it shows, per way of watching, and again from a Chromium page that
// draws the stamp on a canvas and publishes it over WHIP through the edge
// (glass_whip.go), watched in LL-HLS. Then publishers replay a pre-encoded 720p30 clip over RTMP (or SRT
// with -protocol srt: the same clip as MPEG-TS) with -c copy (so they cost
// almost no CPU), and the bench reports, for one event alone and then for
// -events at once:
//
//   - publish start -> the event's status is live (GET /v2/videos/{id}),
//   - publish start -> the first segment of the live playlist is fetched
//     through the edge (first playable),
//   - live latency: wall clock minus the newest segment's
//     EXT-X-PROGRAM-DATE-TIME in the 360p playlist as a player fetches it,
//     sampled every second,
//   - CPU of each live ffmpeg (both rungs: the source copied, 360p encoded)
//     in cores, from /proc.
//
// Ratios compare the concurrent run with the single one.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"time"

	vidhost "github.com/vidhost/vidhost/sdk/go"

	"github.com/vidhost/vidhost/deploy/devstack/stack"
)

func main() {
	events := flag.Int("events", 5, "concurrent events in the second run (0: glass to glass only)")
	seconds := flag.Int("seconds", 40, "seconds each publisher streams")
	clip := flag.String("clip", "", "the pre-encoded FLV clip publishers loop (run.sh makes it)")
	protocol := flag.String("protocol", "rtmp", "how publishers send: rtmp or srt")
	glass := flag.Duration("glass", 20*time.Second, "how long each viewer's glass-to-glass latency is sampled (0: skip)")
	flag.Parse()
	if *protocol != "rtmp" && *protocol != "srt" {
		fmt.Fprintln(os.Stderr, "bench/live: -protocol is rtmp or srt")
		os.Exit(2)
	}
	if err := run(*events, *seconds, *clip, *protocol, *glass); err != nil {
		fmt.Fprintln(os.Stderr, "bench/live:", err)
		os.Exit(1)
	}
}

func run(events, seconds int, clip, protocol string, glass time.Duration) error {
	varDir, err := os.MkdirTemp("", "vidhost-bench-live-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(varDir)
	_ = os.Chmod(varDir, 0o755) // the private PostgreSQL runs as another user
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError}))
	// No transcode worker: recordings wait, so only live work is measured.
	s, err := stack.Start(ctx, stack.Config{VarDir: varDir, HTTPAddr: "127.0.0.1:0", LiveRTMPAddr: "127.0.0.1:0",
		LiveSRTAddr: "127.0.0.1:0", LiveHTTPAddr: "127.0.0.1:0",
		LiveWHIPAddr: "127.0.0.1:0", LiveWHIPUDPAddr: "127.0.0.1:0", NATSPort: -1, LogLevel: "error", DatabaseURL: os.Getenv("DATABASE_URL")}, logger)
	if err != nil {
		return err
	}
	defer func() { _ = s.Stop(context.Background()) }()
	api := client{api: vidhost.New(s.URL, s.Credentials.APIKey)}
	pub := publishTo{protocol: protocol, srtBase: s.LiveSRTURL}
	if protocol == "srt" && pub.srtBase == "" {
		return fmt.Errorf("this build has no SRT (cgo and libsrt)")
	}
	fmt.Printf("publishers send over %s\n", protocol)
	if glass > 0 {
		if err := glassRun(ctx, api, s.URL, pub, glass); err != nil {
			return err
		}
	}
	if events == 0 {
		return nil
	}

	one, err := measure(ctx, api, pub, clip, 1, seconds)
	if err != nil {
		return err
	}
	one.print("1 event")
	many, err := measure(ctx, api, pub, clip, events, seconds)
	if err != nil {
		return err
	}
	many.print(fmt.Sprintf("%d events at once", events))
	fmt.Printf("\nratios %d events / 1 event: first playable p50 %.2f, latency p50 %.2f, CPU per event %.2f\n",
		events, ratio(many.playable.p50(), one.playable.p50()), ratio(many.latency.p50(), one.latency.p50()),
		many.cpuPerEvent/one.cpuPerEvent)
	return nil
}

func ratio(a, b time.Duration) float64 { return float64(a) / float64(b) }
