package worker

import (
	"context"
	"errors"
	"log/slog"
	"time"
)

// errPlanStopped is the cause of a unit's context when its plan failed or
// was cancelled: another unit's failure, not this one's.
var errPlanStopped = errors.New("the unit's plan stopped")

// watchPlan rereads the plan's record with every heartbeat and cancels the
// returned context once the plan stopped, so a unit of a failed or
// cancelled plan ends within one heartbeat rather than encoding on.
func (w *Worker) watchPlan(ctx context.Context, planID string, logger *slog.Logger) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(ctx)
	done := make(chan struct{})
	go func() {
		ticker := time.NewTicker(w.cfg.Heartbeat)
		defer ticker.Stop()
		for {
			select {
			case <-done:
				return
			case <-ticker.C:
			}
			r, err := w.plans.Get(ctx, planID)
			if err != nil {
				logger.Warn("rereading a unit's plan failed", "error", err) // the next heartbeat tries again
				continue
			}
			if r.Stopped != "" {
				cancel(errPlanStopped)
				return
			}
		}
	}()
	return ctx, func() { close(done); cancel(nil) }
}
