package worker

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/telemetry"
	"github.com/vidhost/vidhost/services/transcode/internal/events"
	"github.com/vidhost/vidhost/services/transcode/internal/job"
)

// reasonGaveUp is the video's reason when the last attempt never came back
// (its worker died, say killed for memory): the next delivery ends the job.
const reasonGaveUp = "transcoding did not finish (attempts: %d)"

// handle runs one delivery of a job and settles its message.
func (w *Worker) handle(jobCtx context.Context, msg jetstream.Msg) {
	// The job continues the trace of the request that queued it.
	jobCtx, span := telemetry.StartConsumer(jobCtx, msg, "transcode job")
	defer span.End()
	attempt := deliveries(msg)
	j, err := events.DecodeJob(msg.Data())
	logger := w.logger.With("job_id", j.ID, "video_id", j.VideoID, "attempt", attempt)
	var foreign *job.AccountError
	if errors.As(err, &foreign) {
		// Forged or misrouted: not even the video it names is trusted.
		w.refuse(msg, err.Error(), logger)
		return
	}
	if err != nil {
		// Never runnable: fail the video if the message names one.
		logger.Error("invalid transcode job", "error", err)
		w.finish(jobCtx, msg, j, job.Classify(err).Reason, true, logger)
		return
	}
	stopHeartbeat := natsx.Heartbeat(msg, w.cfg.Heartbeat, logger)
	defer stopHeartbeat() // after settling, which may take a few publish retries
	if attempt > w.cfg.MaxDeliver {
		w.finish(jobCtx, msg, j, fmt.Sprintf(reasonGaveUp, w.cfg.MaxDeliver), true, logger)
		return
	}
	if w.jobCancelled(jobCtx, j.ID, logger) {
		w.dropCancelledJob(jobCtx, msg, j, logger)
		return
	}
	logger.Info("transcode job started", "source_key", j.SourceKey, "source_url", j.SourceURL)
	progress := startProgress(jobCtx, w.pub, j, logger)
	running := observeJob(time.Now())
	ctx, stopWatch := w.watchJob(jobCtx, j, logger)
	completion, handed, err := w.run(ctx, j, progress)
	stopWatch()
	progress.close()
	running.done(jobCtx, completion, err)
	switch {
	case handed:
		w.handedOn(jobCtx, msg, logger)
	case err != nil && errors.Is(context.Cause(ctx), errVideoDeleted):
		w.dropCancelledJob(jobCtx, msg, j, logger)
	default:
		w.settle(jobCtx, msg, j, attempt, completion, err, logger)
	}
}

// settle decides the message's fate from the attempt's outcome.
func (w *Worker) settle(ctx context.Context, msg jetstream.Msg, j job.Job, attempt int, c job.Completion, err error, logger *slog.Logger) {
	if err == nil {
		w.complete(ctx, msg, j, c, logger)
		return
	}
	if ctx.Err() != nil {
		logger.Info("transcode job interrupted by shutdown; handed back")
		_ = msg.Nak() // at once: another worker can start it now
		return
	}
	failure := job.Classify(err)
	logger.Warn("transcode attempt failed", "error", err, "reason", failure.Reason, "permanent", failure.Permanent)
	switch {
	case failure.Permanent:
		w.finish(ctx, msg, j, failure.Reason, false, logger)
	case attempt >= w.cfg.MaxDeliver:
		w.finish(ctx, msg, j, failure.Reason, true, logger)
	default:
		_ = msg.NakWithDelay(w.cfg.retryDelay(attempt))
	}
}

// deliveries is how many times JetStream has delivered msg, this one
// included.
func deliveries(msg jetstream.Msg) int {
	meta, err := msg.Metadata()
	if err != nil {
		return 1
	}
	return int(meta.NumDelivered) //nolint:gosec // bounded: JetStream delivers a job at most MaxDeliver times
}
