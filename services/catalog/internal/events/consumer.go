package events

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/telemetry"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
)

// MediaConsumerName is the durable consumer of the MEDIA stream through
// which the catalog applies transcode reports; its position survives
// restarts, so reports sent while the catalog was down are applied later.
const MediaConsumerName = "catalog-media"

const (
	// applyTimeout bounds one report's transaction.
	applyTimeout = 10 * time.Second
	// ackWait is how long a delivered report may stay unacknowledged
	// before JetStream delivers it again.
	ackWait = 30 * time.Second
	// Retries of a report that failed for a passing reason (the database)
	// back off from minRetry to maxRetry.
	minRetry = time.Second
	maxRetry = 30 * time.Second
)

// ApplyFunc applies one report (catalog.Service.ApplyMediaReport).
type ApplyFunc func(ctx context.Context, r catalog.MediaReport) (bool, error)

// MediaConsumer applies transcode.progress|completed|failed and
// live.started|ended to videos.
type MediaConsumer struct {
	settle natsx.Settler
	apply  ApplyFunc
	logger *slog.Logger
	ctx    context.Context // base of each report's context; never canceled
}

// StartMediaConsumer creates (or updates) the durable consumer and starts
// applying reports. stop ends consumption once the report in hand is
// done; unacknowledged reports are delivered again later.
func StartMediaConsumer(ctx context.Context, js jetstream.JetStream, apply ApplyFunc, logger *slog.Logger) (stop func(), err error) {
	consumer, err := js.CreateOrUpdateConsumer(ctx, natsx.StreamNameMedia, jetstream.ConsumerConfig{
		Durable: MediaConsumerName,
		FilterSubjects: []string{natsx.SubjectTranscodeProgress, natsx.SubjectTranscodeCompleted, natsx.SubjectTranscodeFailed,
			natsx.SubjectLiveStarted, natsx.SubjectLiveEnded},
		AckPolicy:     jetstream.AckExplicitPolicy,
		AckWait:       ackWait,
		MaxDeliver:    -1, // passing failures retry until they pass; poison is terminated instead
		DeliverPolicy: jetstream.DeliverAllPolicy,
	})
	if err != nil {
		return nil, fmt.Errorf("events: media consumer: %w", err)
	}
	c := &MediaConsumer{settle: settler(js, logger), apply: apply, logger: logger, ctx: context.WithoutCancel(ctx)}
	consuming, err := consumer.Consume(c.handle, jetstream.ConsumeErrHandler(
		func(_ jetstream.ConsumeContext, err error) { logger.Warn("media consumer", "error", err) }))
	if err != nil {
		return nil, fmt.Errorf("events: consume media: %w", err)
	}
	lagCtx, stopLag := context.WithCancel(context.WithoutCancel(ctx))
	natsx.WatchLag(lagCtx, consumer)
	return func() { stopLag(); consuming.Stop(); <-consuming.Closed() }, nil
}

// handle applies one report: Ack when applied (or when there is nothing
// to apply it to), Nak with a delay when the database failed, dead-letter
// and Term when it can never be applied, or must not be: a report naming
// another account's video is forged or misrouted.
func (c *MediaConsumer) handle(msg jetstream.Msg) {
	// Applying the report continues the transcode's trace.
	base, span := telemetry.StartConsumer(c.ctx, msg, "media report")
	defer span.End()
	report, err := DecodeMediaReport(msg.Subject(), msg.Data())
	if err != nil {
		c.settle.DeadLetter(c.ctx, msg, err)
		return
	}
	ctx, cancel := context.WithTimeout(base, applyTimeout)
	defer cancel()
	_, err = c.apply(ctx, report)
	switch {
	case err == nil:
		_ = msg.Ack()
	case errors.Is(err, catalog.ErrReportAccount), errors.Is(err, catalog.ErrMediaUndeletable):
		c.settle.DeadLetter(c.ctx, msg, err)
	case errors.Is(err, apperr.ErrNotFound):
		// The video was deleted (or never was): nothing will ever change.
		c.logger.Info("media report for no video", "subject", msg.Subject(), "video_id", report.VideoID)
		_ = msg.Ack()
	default:
		c.settle.Retry(msg, "media report not applied", err, "video_id", report.VideoID)
	}
}

// retry is the catalog consumers' policy for passing failures.
var retry = natsx.Backoff{Min: minRetry, Max: maxRetry}

// settler ends the catalog consumers' messages (natsx.Settler).
func settler(js jetstream.JetStream, logger *slog.Logger) natsx.Settler {
	return natsx.Settler{JS: js, Logger: logger, Backoff: retry, Timeout: applyTimeout}
}
