package transcribeworker

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/vidhost/vidhost/pkg/natsx"
)

// errCancelled is the cause of a job's context when the catalog cancelled
// its transcribe (transcribe.cancels.<id>).
var errCancelled = errors.New("the transcribe was cancelled")

// reasonCancelled is the failed report of a cancelled job: the catalog ends
// a cancelling transcribe on any final report, and frees its slot then.
const reasonCancelled = "cancelled"

// cancelLookupTimeout bounds one look-up, so a slow bus delays no job long.
const cancelLookupTimeout = 5 * time.Second

// cancelled reports whether the catalog cancelled transcribe id. A failed
// look-up is logged and counts as not cancelled: the job goes on, and the
// next look-up (or the job's end) settles it.
func (w *Worker) cancelled(ctx context.Context, id string, logger *slog.Logger) bool {
	lookupCtx, cancel := context.WithTimeout(ctx, cancelLookupTimeout)
	defer cancel()
	_, err := w.cancels.GetLastMsgForSubject(lookupCtx, natsx.TranscribeCancelSubject(id))
	switch {
	case err == nil:
		return true
	case errors.Is(err, jetstream.ErrMsgNotFound):
		return false
	case ctx.Err() == nil: // not a shutdown or the job's end
		logger.Warn("looking up a transcribe's cancel failed", "error", err)
	}
	return false
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
