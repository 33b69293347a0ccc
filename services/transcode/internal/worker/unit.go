package worker

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/telemetry"
	"github.com/vidhost/vidhost/services/transcode/internal/chunkstate"
	"github.com/vidhost/vidhost/services/transcode/internal/events"
	"github.com/vidhost/vidhost/services/transcode/internal/job"
	"github.com/vidhost/vidhost/services/transcode/internal/media"
)

// handleUnit runs one delivery of a unit of a chunked job
// (docs/transcoding.md, "Distribution") and settles its message, as
// handle does a job's.
func (w *Worker) handleUnit(jobCtx context.Context, msg jetstream.Msg) {
	jobCtx, span := telemetry.StartConsumer(jobCtx, msg, "transcode unit")
	defer span.End()
	attempt := deliveries(msg)
	u, err := events.DecodeUnit(msg.Data())
	logger := w.logger.With("job_id", u.Job.ID, "video_id", u.Job.VideoID, "plan_id", u.PlanID, "unit", u.Key(), "attempt", attempt)
	if err != nil {
		// Only transcode workers publish units: an invalid one is a bug or
		// a forgery, and the video it names is not trusted.
		w.refuse(msg, err.Error(), logger)
		return
	}
	stopHeartbeat := natsx.Heartbeat(msg, w.cfg.Heartbeat, logger)
	defer stopHeartbeat() // after settling
	r, ok := w.unitRecord(jobCtx, msg, u, logger)
	if !ok {
		return
	}
	if !r.Finished && w.jobCancelled(jobCtx, u.Job.ID, logger) {
		w.dropCancelled(jobCtx, msg, u, logger)
		return
	}
	if u.Kind == job.UnitStitch && r.Finished {
		w.restitched(jobCtx, msg, u, attempt, logger)
		return
	}
	if attempt > w.cfg.MaxDeliver {
		w.failUnit(jobCtx, msg, u, fmt.Sprintf(reasonGaveUp, w.cfg.MaxDeliver), logger)
		return
	}
	if w.handedBack(msg, u, attempt, logger) {
		return
	}
	if u.Kind == job.UnitStitch {
		w.stitch(jobCtx, msg, u, attempt, logger)
		return
	}
	if r.Done[u.Key()] {
		// Its files are stored and recorded: its worker died before the
		// ack, perhaps before publishing what it released.
		w.completeUnit(jobCtx, msg, u, r, logger)
		return
	}
	ctx, stopWatch := w.watchPlan(jobCtx, u, logger)
	err = w.runner.RunUnit(ctx, u, nil)
	stopWatch()
	w.settleUnit(jobCtx, ctx, msg, u, r, attempt, err, logger)
}

// handedBack hands back a unit of a plan of another media.PlanVersion (a
// rolling deploy: the planner's version differs from this worker's), for
// a worker of its version, before anything is copied, run or recorded: a
// unit's key and work mean what its version says (an audio unit of
// version 1 encoded every bitrate under the key "audio"). It counts as an
// attempt, so a unit no worker of its version is left to take still
// fails its video after MAX_DELIVER of them.
func (w *Worker) handedBack(msg jetstream.Msg, u job.Unit, attempt int, logger *slog.Logger) bool {
	if u.MediaPlanVersion == media.PlanVersion {
		return false
	}
	logger.Warn("transcode unit of a plan of another version; handed back", "version", u.MediaPlanVersion, "reads", media.PlanVersion)
	_ = msg.NakWithDelay(w.cfg.retryDelay(attempt))
	return true
}

// unitRecord reads the unit's plan; false when the unit is settled
// already: its plan failed, was cancelled or (but for the stitch, which
// reports again) finished, or has no record.
func (w *Worker) unitRecord(ctx context.Context, msg jetstream.Msg, u job.Unit, logger *slog.Logger) (chunkstate.Record, bool) {
	r, err := w.plans.Get(ctx, u.PlanID)
	switch {
	case errors.Is(err, chunkstate.ErrNoPlan):
		w.refuse(msg, "transcode unit of a plan without a record", logger)
		return r, false
	case err != nil:
		logger.Warn("reading a unit's plan failed; retried", "error", err)
		_ = msg.NakWithDelay(w.cfg.RetryDelay)
		return r, false
	case r.Cancelled:
		w.dropCancelled(ctx, msg, u, logger)
		return r, false
	case r.Stopped != "":
		w.dropStopped(ctx, msg, u, logger)
		return r, false
	case r.Finished && u.Kind != job.UnitStitch:
		_ = msg.TermWithReason("plan finished")
		logger.Info("transcode unit dropped: its plan finished")
		return r, false
	}
	return r, true
}

// settleUnit decides a chunk's or the audio's message from its run's
// outcome: ctx is the run's, which a stopped plan cancels.
func (w *Worker) settleUnit(jobCtx, ctx context.Context, msg jetstream.Msg, u job.Unit, r chunkstate.Record, attempt int, err error, logger *slog.Logger) {
	switch {
	case err == nil:
		w.completeUnit(jobCtx, msg, u, r, logger)
		return
	case errors.Is(context.Cause(ctx), errVideoDeleted):
		w.dropCancelled(jobCtx, msg, u, logger)
		return
	case errors.Is(context.Cause(ctx), errPlanStopped):
		w.dropStopped(jobCtx, msg, u, logger)
		return
	case jobCtx.Err() != nil:
		logger.Info("transcode unit interrupted by shutdown; handed back")
		_ = msg.Nak()
		return
	}
	failure := job.Classify(err)
	logger.Warn("transcode unit failed", "error", err, "reason", failure.Reason, "permanent", failure.Permanent)
	if failure.Permanent || attempt >= w.cfg.MaxDeliver {
		w.failUnit(jobCtx, msg, u, failure.Reason, logger)
		return
	}
	_ = msg.NakWithDelay(w.cfg.retryDelay(attempt))
}

// completeUnit records the unit done, publishes the units it released,
// the progress and, when the plan is complete, the stitch; then
// acknowledges. A redelivered unit does the same again: the record returns
// what its first completion released, and the units' ids deduplicate.
func (w *Worker) completeUnit(jobCtx context.Context, msg jetstream.Msg, u job.Unit, r chunkstate.Record, logger *slog.Logger) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(jobCtx), finalTimeout)
	defer cancel()
	out, err := w.plans.Complete(ctx, u.PlanID, u.Key())
	if err == nil && out.Stopped == "" {
		err = w.publishReleased(ctx, u, r, out.Release)
	}
	switch {
	case err != nil:
		logger.Error("recording a finished unit failed; it will run again", "error", err)
		_ = msg.NakWithDelay(w.cfg.RetryDelay)
		return
	case out.Cancelled: // stopped after this unit's files were stored
		w.dropCancelled(jobCtx, msg, u, logger)
		return
	case out.Stopped != "": // failed after this unit's files were stored
		w.dropStopped(jobCtx, msg, u, logger)
		return
	}
	var playable []job.Output
	if out.Playable > 0 && !out.Complete && w.earlyPlaylists(jobCtx, u, logger) {
		playable = []job.Output{job.HLS}
	}
	// Before the stitch, so the video's last progress comes before it is ready.
	if err := w.pub.Progress(ctx, u.Job, min(out.Percent, 99), playable); err != nil {
		logger.Warn("progress report failed", "percent", out.Percent, "error", err) // the next unit's replaces it
	}
	if out.Complete {
		if err := w.publishUnit(ctx, u.Sibling(job.UnitStitch, u.Chunk)); err != nil {
			logger.Error("publishing the stitch failed; the unit will be delivered again", "error", err)
			_ = msg.NakWithDelay(w.cfg.RetryDelay)
			return
		}
	}
	if err := msg.DoubleAck(ctx); err != nil {
		logger.Warn("ack of a finished unit failed; a redelivery records it again", "error", err)
	}
	logger.Info("transcode unit completed", "percent", out.Percent, "released", out.Release, "plan_complete", out.Complete)
}

// failUnit ends a unit that will never succeed, and with it its plan and
// video: transcode.failed with the reason under the parent job's derived
// id, the plan's record stopped (the other units stop at their next
// heartbeat), the unit's message dead-lettered and terminated. The report
// goes first: a failure recorded but never reported would leave the
// video processing, whereas a repeated report is deduplicated by its id.
func (w *Worker) failUnit(jobCtx context.Context, msg jetstream.Msg, u job.Unit, reason string, logger *slog.Logger) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(jobCtx), finalTimeout)
	defer cancel()
	if err := retry(ctx, func(ctx context.Context) error { return w.pub.Failed(ctx, u.Job, reason) }); err != nil {
		logger.Error("reporting a failed unit failed; it will be delivered again", "error", err)
		_ = msg.NakWithDelay(w.cfg.RetryDelay)
		return
	}
	if _, _, err := w.plans.Fail(ctx, u.PlanID, u.Key(), reason); err != nil {
		logger.Error("recording a failed unit failed; it will be delivered again", "error", err)
		_ = msg.NakWithDelay(w.cfg.RetryDelay)
		return
	}
	w.deletePlanFolder(ctx, u, logger)
	if !w.deadLetter(ctx, msg, reason, logger) {
		return
	}
	_ = msg.TermWithReason(reason)
	logger.Warn("transcode unit failed; its video fails", "reason", reason)
}

// dropStopped ends a unit of a plan another unit failed: its message is
// terminated without a dead letter (the failed unit's is the one
// dead-lettered), once the plan's private folder is deleted. This unit's
// own writes have ended, so a record it stored after the failed unit
// deleted the folder does not outlive it.
func (w *Worker) dropStopped(jobCtx context.Context, msg jetstream.Msg, u job.Unit, logger *slog.Logger) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(jobCtx), finalTimeout)
	defer cancel()
	w.deletePlanFolder(ctx, u, logger)
	_ = msg.TermWithReason("plan stopped")
	logger.Info("transcode unit dropped: its plan failed")
}

// deletePlanFolder deletes a failed plan's private folder (its units'
// records, a URL source's copy): nothing will read them again. A failure
// is logged only: the video's deletion deletes the folder too
// (blob.TranscodePrefix), and the unit's message must still be settled.
func (w *Worker) deletePlanFolder(ctx context.Context, u job.Unit, logger *slog.Logger) {
	if err := w.runner.Store.DeletePrefix(ctx, u.Job.PlanFolder(u.PlanID)); err != nil {
		logger.Warn("deleting a failed plan's private folder failed", "error", err)
	}
}
