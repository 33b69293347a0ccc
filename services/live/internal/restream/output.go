package restream

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync/atomic"
	"time"

	"github.com/vidhost/vidhost/pkg/netguard"
	"github.com/vidhost/vidhost/pkg/simulcast"
	"github.com/vidhost/vidhost/services/live/internal/pipeline"
)

// output is one target's goroutine: connect, stream, report, back off,
// again, until the fan-out closes.
type output struct {
	target Target
	cfg    *Config
	tracks Tracks
	q      *queue
	cancel context.CancelFunc
	// quiet is set when a successor with the same id took over: this one
	// must not report Idle after the successor's first status.
	quiet atomic.Bool
}

// stop ends the output now; it reports Idle unless replaced.
func (o *output) stop(idle bool) {
	o.quiet.Store(!idle)
	o.cancel()
}

func (o *output) run(ctx context.Context) {
	defer func() {
		if !o.quiet.Load() {
			o.report(Idle, "", 0)
		}
	}()
	failures := 0
	for {
		o.report(Connecting, "", failures)
		started := time.Now()
		err := o.session(ctx)
		if ctx.Err() != nil || errors.Is(err, errEnded) {
			return
		}
		if time.Since(started) >= o.cfg.ResetAfter {
			failures = 0 // it was live a good while: a new failure starts the backoff again
		}
		failures++
		o.cfg.Logger.Warn("restream output failed", "output", o.target.ID, "failures", failures,
			"error", strings.ReplaceAll(err.Error(), o.target.Key, "…")) // the key is write-only
		o.report(Failed, describe(err), failures)
		select {
		case <-ctx.Done():
			return
		case <-o.q.closed:
			return // the stream ended while this output was down
		case <-time.After(o.cfg.Backoff.After(uint64(failures))):
		}
	}
}

// errEnded ends a session whose stream ended and whose queue is written.
var errEnded = errors.New("restream: the stream ended")

// session runs one connection: the relay, an ffmpeg that remuxes to FLV
// and publishes through it, and the units written to ffmpeg as MPEG-TS,
// from a keyframe on, until an error, the end of the stream or ctx.
func (o *output) session(ctx context.Context) error {
	fromKey := true
	first, ok := o.q.next(ctx, &fromKey) // no connection before there is a keyframe to send
	if !ok {
		return o.ended(ctx)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	r, err := newRelay(o.target, o.cfg)
	if err != nil {
		return err
	}
	go r.serve(ctx)
	ff, err := startFFmpeg(ctx, o.cfg.FFmpeg, outputArgs(o.target, r.addr(), o.cfg.WriteTimeout))
	if err != nil {
		return err
	}
	defer ff.stop()
	ts, err := pipeline.NewTSWriter(ff, o.tracks.SPS, o.tracks.PPS, o.tracks.AAC)
	if err != nil {
		return err
	}
	live := make(chan error, 1)
	go func() { live <- o.whenConnected(ctx, r, ff) }()
	for u := first; ; {
		write := func() error { return ts.WriteAAC(u.pts, u.au[0]) }
		if u.video {
			write = func() error { return ts.WriteH264(u.pts, u.dts, u.au) }
		}
		if err := ff.deadline(o.cfg.WriteTimeout, write); err != nil {
			return firstCause(r, ff, err)
		}
		select {
		case err := <-live:
			if err != nil {
				return err
			}
		default:
		}
		if u, ok = o.q.next(ctx, &fromKey); !ok {
			if err := o.ended(ctx); !errors.Is(err, errEnded) {
				return err
			}
			return firstCause(r, ff, errEnded)
		}
	}
}

// ended is why the queue gave nothing more: ctx, or the stream's end.
func (o *output) ended(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return errEnded
}

// whenConnected reports the output live once the relay reached its server
// and ffmpeg has published for a moment (a refused key ends ffmpeg within
// its handshake); it returns the dial's error otherwise.
func (o *output) whenConnected(ctx context.Context, r *relay, ff *ffmpegRun) error {
	select {
	case <-ctx.Done():
		return nil
	case <-r.dialed:
		if r.dialErr != nil {
			return r.dialErr
		}
	}
	select {
	case <-ctx.Done():
	case <-ff.done:
	case <-time.After(publishSettle):
		o.report(Live, "", 0)
	}
	return nil
}

// publishSettle is how long ffmpeg must stay up after the relay connected
// for the output to count as live: the RTMP handshake and publish take a
// round trip or two, and a server that refuses them closes at once.
const publishSettle = time.Second

// firstCause is why a session ended (a write failed, or the stream ended:
// cause): the relay's dial when it failed, a server that never answered,
// else ffmpeg's exit (the server refused or closed) or cause.
func firstCause(r *relay, ff *ffmpegRun, cause error) error {
	err := ff.finish(cause)
	if dialed, dialErr := r.dialOutcome(); dialed && err != nil {
		if dialErr != nil {
			return dialErr
		}
		if !r.heard.Load() {
			return errNoAnswer
		}
	}
	return err
}

// errNoAnswer is a server that accepted the connection and never sent a
// byte: netguard words it as a timeout.
var errNoAnswer = fmt.Errorf("restream: the server never answered: %w", os.ErrDeadlineExceeded)

func (o *output) report(state simulcast.State, reason string, failures int) {
	if o.cfg.OnStatus != nil {
		o.cfg.OnStatus(Status{Target: o.target.ID, State: state, Reason: reason, Failures: failures})
	}
}

// describe words a session's failure for the customer: the guard's
// refusal, netguard's words for the network (never the installation's
// addresses), or that the server ended the publish (ffmpeg's own words
// name the relay's address and may hold the key, so they go to the log
// only).
func describe(err error) string {
	if errors.Is(err, ErrBlockedAddress) {
		return "the output's address is not on the public internet"
	}
	if reason := netguard.Describe(err); reason != netguard.ReasonFailed {
		return reason
	}
	var exit *ffmpegExit
	if errors.As(err, &exit) {
		return "the server ended the stream (check the URL and the stream key)"
	}
	return "the connection to the server failed"
}
