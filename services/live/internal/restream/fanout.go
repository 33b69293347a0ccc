package restream

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/bluenviron/mediacommon/v2/pkg/codecs/h264"
	"github.com/bluenviron/mediacommon/v2/pkg/codecs/mpeg4audio"

	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/netguard"
)

// Tracks describe the stream, as the ingest learnt them before its first
// frame.
type Tracks struct {
	SPS, PPS []byte
	AAC      mpeg4audio.AudioSpecificConfig
}

// Config holds the outputs' limits. Zero values take the defaults.
type Config struct {
	FFmpeg   string         // the ffmpeg binary: "ffmpeg" on the PATH when empty
	Logger   *slog.Logger   // each failure's full cause (the status has the customer's words): slog.Default when nil
	Allow    netguard.Allow // the addresses an output may reach: netguard.PublicOnly in production
	OnStatus func(Status)   // each output's changes, from its goroutine; it must not block for long
	// QueueLength bounds each output's backlog, in access units (video
	// and audio): 1024 is about 10 s of 30 fps video with 48 kHz AAC.
	QueueLength  int
	DialTimeout  time.Duration // connect and publish: 10 s
	WriteTimeout time.Duration // one write: 10 s
	Backoff      natsx.Backoff // between attempts: 1 s doubling to 30 s
	ResetAfter   time.Duration // live this long, a failure starts the backoff again: 1 min
	// DrainTimeout is how long Close lets the outputs send what they have
	// queued: 3 s.
	DrainTimeout time.Duration
}

func (c Config) withDefaults() Config {
	if c.FFmpeg == "" {
		c.FFmpeg = "ffmpeg"
	}
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
	if c.Allow == nil {
		c.Allow = netguard.PublicOnly
	}
	if c.QueueLength <= 0 {
		c.QueueLength = 1024
	}
	if c.DialTimeout <= 0 {
		c.DialTimeout = 10 * time.Second
	}
	if c.WriteTimeout <= 0 {
		c.WriteTimeout = 10 * time.Second
	}
	if c.Backoff == (natsx.Backoff{}) {
		c.Backoff = natsx.Backoff{Min: time.Second, Max: 30 * time.Second}
	}
	if c.ResetAfter <= 0 {
		c.ResetAfter = time.Minute
	}
	if c.DrainTimeout <= 0 {
		c.DrainTimeout = 3 * time.Second
	}
	return c
}

// Fanout is a live stream's outputs. Its Write methods never block.
type Fanout struct {
	outputs []*output
	drain   time.Duration
	cancel  context.CancelFunc
	wg      sync.WaitGroup
}

// Start connects every target in the background and returns at once.
func Start(ctx context.Context, cfg Config, tracks Tracks, targets []Target) *Fanout {
	cfg = cfg.withDefaults()
	ctx, cancel := context.WithCancel(ctx)
	f := &Fanout{cancel: cancel, drain: cfg.DrainTimeout}
	for _, t := range targets {
		o := &output{target: t, cfg: &cfg, tracks: tracks, q: newQueue(cfg.QueueLength)}
		f.outputs = append(f.outputs, o)
		f.wg.Go(func() { o.run(ctx) })
	}
	return f
}

// WriteH264 hands a video access unit to every output. The units are
// copied: the caller may reuse its buffers.
func (f *Fanout) WriteH264(pts, dts time.Duration, au [][]byte) {
	if len(f.outputs) == 0 {
		return
	}
	f.offer(unit{video: true, key: h264.IsRandomAccess(au), pts: pts, dts: dts, au: clone(au)})
}

// WriteAAC hands an AAC frame to every output.
func (f *Fanout) WriteAAC(pts time.Duration, au []byte) {
	if len(f.outputs) == 0 {
		return
	}
	f.offer(unit{pts: pts, dts: pts, au: clone([][]byte{au})})
}

func (f *Fanout) offer(u unit) {
	for _, o := range f.outputs {
		o.q.offer(u)
	}
}

// Close ends the stream after its last Write: the outputs send what they
// have queued, for at most DrainTimeout, and disconnect. It returns once
// their goroutines have.
func (f *Fanout) Close() {
	for _, o := range f.outputs {
		o.q.close()
	}
	timer := time.AfterFunc(f.drain, f.cancel)
	f.wg.Wait()
	timer.Stop()
	f.cancel()
}

// clone copies au into one buffer, shared by every output's queue.
func clone(au [][]byte) [][]byte {
	size := 0
	for _, nalu := range au {
		size += len(nalu)
	}
	buf := make([]byte, 0, size)
	out := make([][]byte, len(au))
	for i, nalu := range au {
		buf = append(buf, nalu...)
		out[i] = buf[len(buf)-len(nalu):]
	}
	return out
}
