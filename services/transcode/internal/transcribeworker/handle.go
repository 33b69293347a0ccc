package transcribeworker

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/telemetry"
	"github.com/vidhost/vidhost/services/transcode/internal/media"
	"github.com/vidhost/vidhost/services/transcode/internal/speech"
	"github.com/vidhost/vidhost/services/transcode/internal/transcribe"
)

// finalTimeout bounds reporting a job's end; it does not depend on shutdown.
const finalTimeout = 30 * time.Second

// handle runs one delivery of a job and settles its message.
func (w *Worker) handle(ctx context.Context, msg jetstream.Msg) {
	// The job continues the trace of the request that asked for it.
	ctx, span := telemetry.StartConsumer(ctx, msg, "transcribe job")
	defer span.End()
	attempt := deliveries(msg)
	j, err := decodeJob(msg.Data())
	logger := w.logger.With("transcribe_id", j.ID, "video_id", j.VideoID, "attempt", attempt)
	if err != nil {
		w.deadLetter(msg, err.Error(), logger)
		return
	}
	stop := natsx.Heartbeat(msg, w.cfg.Heartbeat, logger)
	defer stop()
	if attempt > w.cfg.MaxDeliver {
		w.finish(ctx, msg, j, fmt.Sprintf("transcribing did not finish (attempts: %d)", w.cfg.MaxDeliver), logger)
		return
	}
	// A job cancelled before it started (or before a dead worker's job came
	// here) is only reported: the catalog holds the account's slot until then.
	if w.cancelled(ctx, j.ID, logger) {
		logger.Info("transcribe job cancelled before it started")
		w.finish(ctx, msg, j, reasonCancelled, logger)
		return
	}
	w.run(ctx, msg, j, attempt, logger)
}

// run runs the job, stopping it when the catalog cancels it, and settles
// its message by how it ended.
func (w *Worker) run(ctx context.Context, msg jetstream.Msg, j transcribe.Job, attempt int, logger *slog.Logger) {
	jobCtx, cancelJob := context.WithCancelCause(ctx)
	defer cancelJob(nil)
	stopWatching := w.watchCancel(jobCtx, j.ID, w.cfg.Heartbeat, cancelJob, logger)
	if err := w.progress(ctx, j, 0); err != nil {
		logger.Warn("transcribe progress not sent", "error", err)
	}
	running := observeJob(time.Now())
	c, err := w.runner.Run(jobCtx, j)
	stopWatching()
	switch reason, permanent := classify(err); {
	case err == nil:
		running.done("succeeded")
		w.complete(ctx, msg, j, c, logger)
	case errors.Is(context.Cause(jobCtx), errCancelled):
		running.done("cancelled")
		logger.Info("transcribe job cancelled while it ran")
		w.finish(ctx, msg, j, reasonCancelled, logger)
	case ctx.Err() != nil:
		running.done("interrupted")
		_ = msg.Nak() // shutdown: another worker takes it now
	case permanent || attempt >= w.cfg.MaxDeliver:
		running.done("failed")
		logger.Warn("transcribe job failed", "error", err)
		w.finish(ctx, msg, j, reason, logger)
	default:
		running.done("retried")
		logger.Warn("transcribe attempt failed; retrying", "error", err)
		_ = msg.NakWithDelay(w.cfg.RetryDelay)
	}
}

// classify gives a failure's reason for the user and whether another
// attempt could do better.
func classify(err error) (reason string, permanent bool) {
	switch {
	case err == nil:
		return "", false
	case errors.Is(err, media.ErrNoAudio):
		return media.ErrNoAudio.Error(), true
	case errors.Is(err, transcribe.ErrNoSpeech):
		return transcribe.ErrNoSpeech.Error(), true
	case errors.Is(err, speech.ErrUnsupportedLanguage):
		return "the language is not supported by the installed speech engine", true
	case errors.Is(err, blob.ErrNotFound):
		return "the video's file no longer exists", true
	default:
		return "transcribing failed", false
	}
}

func (w *Worker) complete(jobCtx context.Context, msg jetstream.Msg, j transcribe.Job, c transcribe.Completion, logger *slog.Logger) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(jobCtx), finalTimeout) // keeps the trace, not the shutdown
	defer cancel()
	if err := w.completed(ctx, j, c); err != nil {
		logger.Error("reporting a finished transcribe failed; it will run again", "error", err)
		_ = msg.NakWithDelay(w.cfg.RetryDelay)
		return
	}
	_ = msg.DoubleAck(ctx)
	logger.Info("transcribe job completed", "cues", c.CueCount)
}

func (w *Worker) finish(jobCtx context.Context, msg jetstream.Msg, j transcribe.Job, reason string, logger *slog.Logger) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(jobCtx), finalTimeout) // keeps the trace, not the shutdown
	defer cancel()
	if err := w.failed(ctx, j, reason); err != nil {
		logger.Error("reporting a failed transcribe failed; it will be delivered again", "error", err)
		_ = msg.NakWithDelay(w.cfg.RetryDelay)
		return
	}
	_ = msg.TermWithReason(reason)
}

// deadLetter ends a message that is not a job at all.
func (w *Worker) deadLetter(msg jetstream.Msg, reason string, logger *slog.Logger) {
	ctx, cancel := context.WithTimeout(context.Background(), finalTimeout)
	defer cancel()
	if err := natsx.DeadLetter(ctx, w.js, msg, reason); err != nil {
		_ = msg.NakWithDelay(w.cfg.RetryDelay)
		return
	}
	_ = msg.TermWithReason(reason)
	logger.Error("transcribe job refused", "reason", reason)
}

func deliveries(msg jetstream.Msg) int {
	meta, err := msg.Metadata()
	if err != nil {
		return 1
	}
	return int(meta.NumDelivered) //nolint:gosec // bounded by MaxDeliver
}
