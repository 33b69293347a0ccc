package lifecycle

import (
	"context"
	"errors"
	"log/slog"
	"time"
)

// ShutdownTimeout suits a service whose server has drained before the
// stack runs: closing pools and connections and flushing an outbox take
// seconds, not minutes. A service with longer cleanups (transcode's
// running jobs) passes its own.
const ShutdownTimeout = 15 * time.Second

// Run gives start a fresh Stack, then shuts it down whatever start returns,
// and returns start's error joined with the shutdown's. start brings the
// service up, pushing each cleanup as it goes, and serves until ctx is done.
// The shutdown has its own deadline, timeout, on a context that ctx's
// cancellation does not reach: ctx is usually done by then.
func Run(ctx context.Context, logger *slog.Logger, timeout time.Duration, start func(*Stack) error) (err error) {
	stack := New(logger)
	defer func() {
		shutdownCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), timeout)
		defer cancel()
		err = errors.Join(err, stack.Shutdown(shutdownCtx))
	}()
	return start(stack)
}
