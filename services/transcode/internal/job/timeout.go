package job

import (
	"context"
	"errors"
	"fmt"
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

// withTimeout bounds ctx by the runner's per-job timeout (none when zero).
func (r *Runner) withTimeout(ctx context.Context) (context.Context, context.CancelFunc) {
	if r.Timeout <= 0 {
		return ctx, func() {}
	}
	return context.WithTimeoutCause(ctx, r.Timeout, errJobTimeout)
}

// timedOut turns err into a *TimeoutError when ctx ended because the job's
// time was up, whatever the step that noticed (download, ffmpeg, upload).
func (r *Runner) timedOut(ctx context.Context, err error) error {
	if err != nil && errors.Is(context.Cause(ctx), errJobTimeout) {
		return &TimeoutError{Limit: r.Timeout}
	}
	return err
}
