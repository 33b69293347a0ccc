package main

import (
	"context"
	"fmt"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// result is one run's figures.
type result struct {
	events      int
	live        durations // publish start -> status live
	playable    durations // publish start -> first segment fetched through the edge
	latency     durations // wall clock - newest PDT, every second, every event
	glass       durations // wall clock - when the publisher sent the newest segment's first frame
	cpuPerEvent float64   // cores
}

// measure runs events publishers at once for seconds each.
func measure(ctx context.Context, api client, pub publishTo, clip string, events, seconds int) (result, error) {
	r := result{events: events}
	var mu sync.Mutex
	var wg sync.WaitGroup
	errs := make(chan error, events)
	cpu := startCPUSampler()
	for range events {
		wg.Go(func() {
			ev, err := one(ctx, api, pub, clip, seconds)
			if err != nil {
				errs <- err
				return
			}
			mu.Lock()
			defer mu.Unlock()
			r.live = append(r.live, ev.live)
			r.playable = append(r.playable, ev.playable)
			r.latency = append(r.latency, ev.latency...)
			r.glass = append(r.glass, ev.glass...)
		})
	}
	wg.Wait()
	r.cpuPerEvent = cpu.stop() / float64(events)
	close(errs)
	for err := range errs {
		return r, err
	}
	return r, nil
}

// eventFigures are one event's figures.
type eventFigures struct {
	live, playable time.Duration
	latency, glass durations
}

// one creates an event, publishes clip to it for seconds and measures.
func one(ctx context.Context, api client, pub publishTo, clip string, seconds int) (eventFigures, error) {
	var f eventFigures
	ev, err := api.createEvent()
	if err != nil {
		return f, err
	}
	start := time.Now()
	format, target := pub.target(ev.Input)
	cmd := exec.CommandContext(ctx, "ffmpeg", "-hide_banner", "-loglevel", "error", "-nostdin",
		"-re", "-stream_loop", "-1", "-i", clip, "-t", strconv.Itoa(seconds), "-c", "copy", "-f", format, target)
	if err := cmd.Start(); err != nil {
		return f, err
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	master, err := api.waitLive(ev.ID, time.Minute)
	if err != nil {
		return f, err
	}
	f.live = time.Since(start)
	variant, err := api.firstSegment(master, time.Minute)
	if err != nil {
		return f, err
	}
	f.playable = time.Since(start)
	ticker := time.NewTicker(time.Second)
	defer ticker.Stop()
	for {
		select {
		case err := <-done:
			if err != nil {
				return f, fmt.Errorf("publisher: %w", err)
			}
			return f, nil
		case <-ticker.C:
			if pdt, streamStart, ok := api.newest(variant); ok {
				f.latency = append(f.latency, time.Since(pdt))
				// The publisher sent stream time t at start+t (-re).
				f.glass = append(f.glass, time.Since(start.Add(streamStart)))
			}
		}
	}
}

// publishTo says where and how publishers send.
type publishTo struct {
	protocol string // rtmp or srt
	srtBase  string // srt://host:port of the suite
}

// target is the ffmpeg output format and URL for an event whose input
// (its RTMP URL) is input: for SRT, the same stream key in the streamid.
func (p publishTo) target(input string) (format, target string) {
	if p.protocol != "srt" {
		return "flv", input
	}
	key := input[strings.LastIndex(input, "/")+1:]
	return "mpegts", p.srtBase + "?streamid=publish:" + key
}

type durations []time.Duration

func (d durations) pct(p float64) time.Duration {
	if len(d) == 0 {
		return 0
	}
	s := append(durations(nil), d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[int(p*float64(len(s)-1))]
}

func (d durations) p50() time.Duration { return d.pct(0.5) }

func (r result) print(name string) {
	fmt.Printf("%s:\n", name)
	fmt.Printf("  publish -> status live      p50 %s  max %s\n", r.live.p50().Round(time.Millisecond), r.live.pct(1).Round(time.Millisecond))
	fmt.Printf("  publish -> first segment    p50 %s  max %s\n", r.playable.p50().Round(time.Millisecond), r.playable.pct(1).Round(time.Millisecond))
	fmt.Printf("  live latency (now - newest PDT, 2 s segments, %d samples) p50 %s  p95 %s  max %s\n", len(r.latency),
		r.latency.p50().Round(time.Millisecond), r.latency.pct(0.95).Round(time.Millisecond), r.latency.pct(1).Round(time.Millisecond))
	fmt.Printf("  publisher -> playlist (now - when the newest segment's first frame was sent) p50 %s  p95 %s  max %s\n",
		r.glass.p50().Round(time.Millisecond), r.glass.pct(0.95).Round(time.Millisecond), r.glass.pct(1).Round(time.Millisecond))
	fmt.Printf("  CPU per event (both rungs)  %.2f cores\n", r.cpuPerEvent)
}
