package worker

import (
	"context"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/services/transcode/internal/job"
)

const (
	// finalTimeout bounds reporting a job's end, retries included. It does
	// not depend on shutdown: a stopping worker still reports what it did.
	finalTimeout = 30 * time.Second
	// publishAttempts and publishPause ride out a NATS hiccup before a
	// finished job has to be run again.
	publishAttempts = 3
	publishPause    = time.Second
)

// complete reports the outputs, then acknowledges the job. If the report
// cannot be sent the job runs again later: its outputs are rebuilt and the
// report has the same id, so it counts once.
func (w *Worker) complete(jobCtx context.Context, msg jetstream.Msg, j job.Job, c job.Completion, logger *slog.Logger) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(jobCtx), finalTimeout) // keeps the trace, not the shutdown
	defer cancel()
	if err := retry(ctx, func(ctx context.Context) error { return w.pub.Completed(ctx, j, c) }); err != nil {
		logger.Error("reporting a finished job failed; it will run again", "error", err)
		_ = msg.NakWithDelay(w.cfg.RetryDelay)
		return
	}
	if err := msg.DoubleAck(ctx); err != nil {
		logger.Warn("ack of a finished job failed; a redelivery repeats it", "error", err)
	}
	logger.Info("transcode job completed", "duration", c.Duration, "width", c.Width, "height", c.Height)
}

// finish ends a job that will never succeed: transcode.failed with the
// reason, the dead-letter stream when the job itself is at fault (rather
// than its source), and Term. A report that cannot be sent leaves the job
// to be delivered again, so it is never dropped unseen.
func (w *Worker) finish(jobCtx context.Context, msg jetstream.Msg, j job.Job, reason string, deadLetter bool, logger *slog.Logger) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(jobCtx), finalTimeout) // keeps the trace, not the shutdown
	defer cancel()
	if ids.Valid(j.VideoID) && j.AccountID != "" { // else no video to fail: a malformed job
		if err := retry(ctx, func(ctx context.Context) error { return w.pub.Failed(ctx, j, reason) }); err != nil {
			logger.Error("reporting a failed job failed; it will be delivered again", "error", err)
			_ = msg.NakWithDelay(w.cfg.RetryDelay)
			return
		}
	}
	if deadLetter && !w.deadLetter(ctx, msg, reason, logger) {
		return
	}
	_ = msg.TermWithReason(reason)
	logger.Warn("transcode job failed", "reason", reason, "dead_lettered", deadLetter)
}

// refuse ends a job that must not run: dead letter and Term, and no
// report, since a forged job's video is as untrusted as the rest of it.
func (w *Worker) refuse(msg jetstream.Msg, reason string, logger *slog.Logger) {
	ctx, cancel := context.WithTimeout(context.Background(), finalTimeout)
	defer cancel()
	if !w.deadLetter(ctx, msg, reason, logger) {
		return
	}
	_ = msg.TermWithReason(reason)
	logger.Error("transcode job refused", "reason", reason)
}

// deadLetter copies msg to the dead-letter stream. When it cannot, msg is
// handed back to be delivered again, so it is never dropped unseen.
func (w *Worker) deadLetter(ctx context.Context, msg jetstream.Msg, reason string, logger *slog.Logger) bool {
	if err := retry(ctx, func(ctx context.Context) error { return w.pub.DeadLetter(ctx, msg, reason) }); err != nil {
		logger.Error("dead-lettering a job failed; it will be delivered again", "error", err)
		_ = msg.NakWithDelay(w.cfg.RetryDelay)
		return false
	}
	return true
}

// retry calls publish until it succeeds, publishAttempts times at most.
func retry(ctx context.Context, publish func(context.Context) error) error {
	var err error
	for attempt := 1; attempt <= publishAttempts; attempt++ {
		if err = publish(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(publishPause):
		}
	}
	return err
}
