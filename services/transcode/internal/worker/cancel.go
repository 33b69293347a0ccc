package worker

import (
	"context"
	"errors"
	"log/slog"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/services/transcode/internal/job"
)

// errVideoDeleted is the cause of a job's or a unit's context when its
// video was deleted: the catalog cancelled the (parent) job
// (transcode.cancels.<job id>), or another unit saw that and cancelled the
// plan's record.
var errVideoDeleted = errors.New("the job's video was deleted")

// reasonCancelled is the plan's reason, and the failed report's, when
// its video was deleted.
const reasonCancelled = "cancelled: the video was deleted"

// jobCancelled reports whether the catalog cancelled the job id. A failed
// look-up is logged and counts as not cancelled: the unit goes on, and the
// next heartbeat looks again.
func (w *Worker) jobCancelled(ctx context.Context, id string, logger *slog.Logger) bool {
	found, err := natsx.Cancelled(ctx, w.cancels, natsx.TranscodeCancelSubject(id))
	if err != nil && ctx.Err() == nil {
		logger.Warn("looking up a transcode job's cancel failed", "error", err)
	}
	return found
}

// dropCancelled ends a unit of a deleted video once its ffmpeg and uploads
// have stopped: it cancels the plan's record (the first to do so stops the
// plan; the other units see it at their start or next heartbeat), deletes
// the plan's private folder and the video's media folder, so nothing this
// unit wrote outlives the catalog's deletion of the video's files, reports
// the job failed and terminates the message (no dead letter: it is no
// poison). The report, under the parent job's derived id, so one whichever
// units send it, is what frees the job's slot in the catalog, which deletes
// the media folder once more on it, as for any report of a deleted video;
// without it the slot would stay held until the catalog's job lease. Every
// unit that stops for the cancel does all of it again, which is harmless.
func (w *Worker) dropCancelled(jobCtx context.Context, msg jetstream.Msg, u job.Unit, logger *slog.Logger) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(jobCtx), finalTimeout)
	defer cancel()
	first, err := w.plans.Cancel(ctx, u.PlanID, reasonCancelled)
	if err != nil {
		logger.Error("cancelling a deleted video's plan failed; the unit will be delivered again", "error", err)
		_ = msg.NakWithDelay(w.cfg.RetryDelay)
		return
	}
	if err := w.runner.Store.DeletePrefix(ctx, u.Job.PlanFolder(u.PlanID)); err != nil {
		logger.Error("deleting a cancelled plan's folder failed; the unit will be delivered again", "error", err)
		_ = msg.NakWithDelay(w.cfg.RetryDelay)
		return
	}
	if w.dropDeleted(ctx, msg, u.Job, logger) {
		logger.Info("transcode unit dropped: its video was deleted", "cancelled_plan", first)
	}
}

// dropCancelledJob ends a job of a deleted video (the one-process job, or
// a parent before it handed on) once its ffmpeg and uploads have stopped,
// as dropCancelled does a unit.
func (w *Worker) dropCancelledJob(jobCtx context.Context, msg jetstream.Msg, j job.Job, logger *slog.Logger) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(jobCtx), finalTimeout)
	defer cancel()
	if w.dropDeleted(ctx, msg, j, logger) {
		logger.Info("transcode job dropped: its video was deleted")
	}
}

// dropDeleted deletes the media folder of j's deleted video, reports j
// failed with reasonCancelled and terminates msg; false when it handed msg
// back to be tried again.
func (w *Worker) dropDeleted(ctx context.Context, msg jetstream.Msg, j job.Job, logger *slog.Logger) bool {
	if err := w.runner.Store.DeletePrefix(ctx, j.MediaFolder()); err != nil {
		logger.Error("deleting a deleted video's files failed; delivered again", "error", err)
		_ = msg.NakWithDelay(w.cfg.RetryDelay)
		return false
	}
	if err := retry(ctx, func(ctx context.Context) error { return w.pub.Failed(ctx, j, reasonCancelled) }); err != nil {
		logger.Error("reporting a deleted video's job failed; delivered again", "error", err)
		_ = msg.NakWithDelay(w.cfg.RetryDelay)
		return false
	}
	_ = msg.TermWithReason(reasonCancelled)
	return true
}
