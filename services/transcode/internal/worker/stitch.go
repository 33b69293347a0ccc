package worker

import (
	"context"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/vidhost/vidhost/services/transcode/internal/chunkstate"
	"github.com/vidhost/vidhost/services/transcode/internal/job"
)

// stitch runs the STITCH unit of a complete plan and settles it.
func (w *Worker) stitch(jobCtx context.Context, msg jetstream.Msg, u job.Unit, attempt int, logger *slog.Logger) {
	ctx, stopWatch := w.watchPlan(jobCtx, u, logger)
	running := observeJob(time.Now())
	// So that no early EVENT playlist lands over the VOD ones.
	err := w.claimFinalPlaylists(ctx, u)
	var c job.Completion
	if err == nil {
		c, err = w.runner.RunStitch(ctx, u)
	}
	running.done(jobCtx, c, err)
	stopWatch()
	if err != nil {
		w.settleUnit(jobCtx, ctx, msg, u, chunkstate.Record{}, attempt, err, logger)
		return
	}
	w.stitched(jobCtx, msg, u, c, logger)
}

// restitched settles a stitch redelivered after its plan finished: its
// outputs are stored, and what follows the run is done again.
func (w *Worker) restitched(jobCtx context.Context, msg jetstream.Msg, u job.Unit, attempt int, logger *slog.Logger) {
	c, err := u.Completed()
	if err != nil { // a plan of another version: a worker of the planner's reads it
		_ = msg.NakWithDelay(w.cfg.retryDelay(attempt))
		return
	}
	w.stitched(jobCtx, msg, u, c, logger)
}

// stitched finishes the plan, reports the video ready and deletes the
// plan's private folder, then acknowledges. Finish is true exactly once;
// a stitch redelivered after it reports again all the same, in case its
// first worker died before reporting: the report's id is the parent
// job's derived one, so the video is reported once.
func (w *Worker) stitched(jobCtx context.Context, msg jetstream.Msg, u job.Unit, c job.Completion, logger *slog.Logger) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(jobCtx), finalTimeout)
	defer cancel()
	first, err := w.plans.Finish(ctx, u.PlanID)
	if err == nil {
		err = retry(ctx, func(ctx context.Context) error { return w.pub.Completed(ctx, u.Job, c) })
	}
	if err != nil {
		logger.Error("finishing a stitched plan failed; it will be delivered again", "error", err)
		_ = msg.NakWithDelay(w.cfg.RetryDelay)
		return
	}
	if err := w.runner.Store.DeletePrefix(ctx, u.Job.PlanFolder(u.PlanID)); err != nil {
		logger.Warn("deleting a finished plan's records failed", "error", err) // private, and small
	}
	if err := msg.DoubleAck(ctx); err != nil {
		logger.Warn("ack of a stitch failed; a redelivery reports again", "error", err)
	}
	logger.Info("chunked transcode job completed", "first", first, "duration", c.Duration)
}
