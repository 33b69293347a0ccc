package job

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
)

// errJobTimeout is the cause of an attempt's context when its time is up,
// so a deadline of the job is told apart from a worker shutting down.
var errJobTimeout = errors.New("job timeout")

// TimeoutError is an attempt that ran out of its time. It is permanent: a
// source that took too long once will take as long again, and retrying it
// would let one job hold a worker for MaxDeliver times the limit.
type TimeoutError struct{ Limit time.Duration }

func (e *TimeoutError) Error() string {
	return fmt.Sprintf("transcoding took longer than the limit of %s per job", e.Limit)
}

// Timeouts bound an attempt, download to last upload. A fixed bound must
// fit the longest source the limits allow, which leaves a short source
// that hangs ffmpeg a worker for hours; so once the source is known the
// bound shrinks to PerSecond per second of output, but never below Min.
type Timeouts struct {
	Max       time.Duration // the whole attempt; zero means no bound at all
	PerSecond time.Duration // of work per second of output; zero keeps Max
	Min       time.Duration // floor of the derived bound
}

// derived is the bound of an attempt whose outputs last length.
func (t Timeouts) derived(length time.Duration) time.Duration {
	if t.PerSecond <= 0 {
		return t.Max
	}
	return min(t.Max, max(t.Min, time.Duration(length.Seconds()*float64(t.PerSecond))))
}

// deadline is an attempt's timer: it starts at Max and may shrink once.
type deadline struct {
	timeouts Timeouts
	start    time.Time
	timer    *time.Timer
	mu       sync.Mutex
	limit    time.Duration
}

// withTimeout bounds ctx by the runner's timeouts (not at all when Max is
// zero). Call planned with the output's length to shrink the bound.
func (r *Runner) withTimeout(ctx context.Context) (context.Context, *deadline, context.CancelFunc) {
	d := &deadline{timeouts: r.Timeouts, start: time.Now(), limit: r.Timeouts.Max}
	if r.Timeouts.Max <= 0 {
		return ctx, d, func() {}
	}
	ctx, cancel := context.WithCancelCause(ctx)
	d.timer = time.AfterFunc(r.Timeouts.Max, func() { cancel(errJobTimeout) })
	return ctx, d, func() { d.timer.Stop(); cancel(nil) }
}

// planned shrinks the bound to the one derived from the output's length.
func (d *deadline) planned(length time.Duration) {
	if d.timer == nil {
		return
	}
	limit := d.timeouts.derived(length)
	d.mu.Lock()
	defer d.mu.Unlock()
	if limit < d.limit && d.timer.Stop() { // Stop fails once the timer fired: too late to change
		d.limit = limit
		d.timer.Reset(max(limit-time.Since(d.start), 0))
	}
}

// timedOut turns err into a *TimeoutError when ctx ended because the job's
// time was up, whatever the step that noticed (download, ffmpeg, upload).
func (d *deadline) timedOut(ctx context.Context, err error) error {
	if err != nil && errors.Is(context.Cause(ctx), errJobTimeout) {
		d.mu.Lock()
		defer d.mu.Unlock()
		return &TimeoutError{Limit: d.limit}
	}
	return err
}
