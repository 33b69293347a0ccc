package transcribeworker

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/vidhost/vidhost/pkg/natsx"
)

// errCancelled is the cause of a job's context when the catalog cancelled
// its transcribe (transcribe.cancels.<id>).
var errCancelled = errors.New("the transcribe was cancelled")

// reasonCancelled is the failed report of a cancelled job: the catalog ends
// a cancelling transcribe on any final report, and frees its slot then.
const reasonCancelled = "cancelled"

// cancelled reports whether the catalog cancelled transcribe id. A failed
// look-up is logged and counts as not cancelled: the job goes on, and the
// next look-up (or the job's end) settles it.
func (w *Worker) cancelled(ctx context.Context, id string, logger *slog.Logger) bool {
	found, err := natsx.Cancelled(ctx, w.cancels, natsx.TranscribeCancelSubject(id))
	if err != nil && ctx.Err() == nil { // not a shutdown or the job's end
		logger.Warn("looking up a transcribe's cancel failed", "error", err)
	}
	return found
}

// watchCancel looks the job's cancel up every interval while it runs and
// cancels jobCtx with errCancelled once it finds one: a 3-hour video holds
// a worker for about 20 minutes, too long to check only between steps. The
// returned func stops it and waits until it has.
func (w *Worker) watchCancel(ctx context.Context, id string, every time.Duration, cancelJob context.CancelCauseFunc, logger *slog.Logger) (stop func()) {
	done, stopped := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(stopped)
		ticker := time.NewTicker(every)
		defer ticker.Stop()
		for {
			select {
			case <-done:
				return
			case <-ctx.Done():
				return
			case <-ticker.C:
				if w.cancelled(ctx, id, logger) {
					cancelJob(errCancelled)
					return
				}
			}
		}
	}()
	return func() { close(done); <-stopped }
}
