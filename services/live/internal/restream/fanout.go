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

// Fanout is a live stream's outputs. Its Write methods never block; Sync
// changes the outputs while the stream flows.
type Fanout struct {
	cfg    Config
	tracks Tracks
	ctx    context.Context // the outputs' parent: cancelled when Close's drain is over
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu      sync.Mutex
	outputs map[string]*output // by target id
	closed  bool
}

// Start connects every target in the background and returns at once.
func Start(ctx context.Context, cfg Config, tracks Tracks, targets []Target) *Fanout {
	ctx, cancel := context.WithCancel(ctx)
	f := &Fanout{cfg: cfg.withDefaults(), tracks: tracks, ctx: ctx, cancel: cancel, outputs: map[string]*output{}}
	f.Sync(targets)
	return f
}

// Sync makes targets the outputs: a new target starts (at the stream's
// next keyframe), a removed one stops at once and reports Idle, and one
// whose URL or key changed starts again. The live service calls it with
// each recheck of the publisher's key, so a change through the interface
// reaches a running stream within seconds.
func (f *Fanout) Sync(targets []Target) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed {
		return
	}
	wanted := make(map[string]bool, len(targets))
	for _, t := range targets {
		wanted[t.ID] = true
		current, ok := f.outputs[t.ID]
		if ok && current.target.same(t) {
			continue
		}
		if ok {
			current.stop(false) // its successor reports for the id
		}
		f.start(t)
	}
	for id, o := range f.outputs {
		if !wanted[id] {
			o.stop(true)
			delete(f.outputs, id)
		}
	}
}

// start runs t's output; f.mu is held.
func (f *Fanout) start(t Target) {
	ctx, cancel := context.WithCancel(f.ctx)
	o := &output{target: t, cfg: &f.cfg, tracks: f.tracks, q: newQueue(f.cfg.QueueLength), cancel: cancel}
	f.outputs[t.ID] = o
	f.wg.Go(func() { o.run(ctx) })
}

// WriteH264 hands a video access unit to every output. The units are
// copied: the caller may reuse its buffers.
func (f *Fanout) WriteH264(pts, dts time.Duration, au [][]byte) {
	f.offer(func() unit { return unit{video: true, key: h264.IsRandomAccess(au), pts: pts, dts: dts, au: clone(au)} })
}

// WriteAAC hands an AAC frame to every output.
func (f *Fanout) WriteAAC(pts time.Duration, au []byte) {
	f.offer(func() unit { return unit{pts: pts, dts: pts, au: clone([][]byte{au})} })
}

// offer queues one unit, made (copied) only when some output takes it.
func (f *Fanout) offer(newUnit func() unit) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.outputs) == 0 {
		return
	}
	u := newUnit()
	for _, o := range f.outputs {
		o.q.offer(u)
	}
}

// Close ends the stream after its last Write: the outputs send what they
// have queued, for at most DrainTimeout, and disconnect. It returns once
// their goroutines have.
func (f *Fanout) Close() {
	f.mu.Lock()
	f.closed = true
	for _, o := range f.outputs {
		o.q.close()
	}
	f.mu.Unlock()
	timer := time.AfterFunc(f.cfg.DrainTimeout, f.cancel)
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
