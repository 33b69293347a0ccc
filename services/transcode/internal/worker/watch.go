package worker

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/vidhost/vidhost/services/transcode/internal/job"
)

// errPlanStopped is the cause of a unit's context when its plan failed or
// was cancelled: another unit's failure, not this one's.
var errPlanStopped = errors.New("the unit's plan stopped")

// watchPlan looks up the job's cancel and rereads the plan's record with
// every heartbeat, and cancels the returned context once the video was
// deleted (errVideoDeleted) or the plan stopped (errPlanStopped), so a
// unit of a deleted video or a failed plan ends within one heartbeat
// rather than encoding on.
func (w *Worker) watchPlan(ctx context.Context, u job.Unit, logger *slog.Logger) (context.Context, func()) {
	return w.watch(ctx, u.Job.ID, u.PlanID, logger)
}

// watchJob is watchPlan for a job, which has no plan's record (yet): only
// its cancel is looked up.
func (w *Worker) watchJob(ctx context.Context, j job.Job, logger *slog.Logger) (context.Context, func()) {
	return w.watch(ctx, j.ID, "", logger)
}

// watch looks up the cancel of jobID and, unless planID is empty, rereads
// the plan's record, with every heartbeat.
func (w *Worker) watch(ctx context.Context, jobID, planID string, logger *slog.Logger) (context.Context, func()) {
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
			if w.jobCancelled(ctx, jobID, logger) {
				cancel(errVideoDeleted)
				return
			}
			if planID == "" {
				continue
			}
			r, err := w.plans.Get(ctx, planID)
			switch {
			case err != nil:
				logger.Warn("rereading a unit's plan failed", "error", err) // the next heartbeat tries again
			case r.Cancelled:
				cancel(errVideoDeleted)
				return
			case r.Stopped != "":
				cancel(errPlanStopped)
				return
			}
		}
	}()
	return ctx, func() { close(done); cancel(nil) }
}
