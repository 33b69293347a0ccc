package events

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/nats-io/nats.go/jetstream"

	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/telemetry"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
	"github.com/vidhost/vidhost/services/catalog/internal/transcribes"
)

// TranscribeConsumerName is the durable consumer of the MEDIA stream
// through which the catalog applies transcribe reports.
const TranscribeConsumerName = "catalog-transcribe"

// ApplyTranscribeFunc applies one report
// (transcribes.Service.ApplyReport).
type ApplyTranscribeFunc func(ctx context.Context, r transcribes.Report) error

// transcribeConsumer applies transcribe.progress|completed|failed.
type transcribeConsumer struct {
	settle natsx.Settler
	apply  ApplyTranscribeFunc
	logger *slog.Logger
	ctx    context.Context // base of each report's context; never canceled
}

// StartTranscribeConsumer creates (or updates) the durable consumer and
// starts applying reports; stop ends consumption once the report in hand
// is done.
func StartTranscribeConsumer(ctx context.Context, js jetstream.JetStream, apply ApplyTranscribeFunc, logger *slog.Logger) (stop func(), err error) {
	consumer, err := js.CreateOrUpdateConsumer(ctx, natsx.StreamNameMedia, jetstream.ConsumerConfig{
		Durable:        TranscribeConsumerName,
		FilterSubjects: []string{natsx.SubjectTranscribeProgress, natsx.SubjectTranscribeCompleted, natsx.SubjectTranscribeFailed},
		AckPolicy:      jetstream.AckExplicitPolicy,
		AckWait:        ackWait,
		MaxDeliver:     -1, // passing failures retry until they pass; poison is terminated instead
		DeliverPolicy:  jetstream.DeliverAllPolicy,
	})
	if err != nil {
		return nil, fmt.Errorf("events: transcribe consumer: %w", err)
	}
	c := &transcribeConsumer{settle: settler(js, logger), apply: apply, logger: logger, ctx: context.WithoutCancel(ctx)}
	consuming, err := consumer.Consume(c.handle, jetstream.ConsumeErrHandler(
		func(_ jetstream.ConsumeContext, err error) { logger.Warn("transcribe consumer", "error", err) }))
	if err != nil {
		return nil, fmt.Errorf("events: consume transcribe reports: %w", err)
	}
	lagCtx, stopLag := context.WithCancel(context.WithoutCancel(ctx))
	natsx.WatchLag(lagCtx, consumer)
	return func() { stopLag(); consuming.Stop(); <-consuming.Closed() }, nil
}

// handle applies one report: Ack when applied (a report about a transcribe
// that is gone is applied: nothing will change), Nak with a delay when the
// database or the blob store failed, dead-letter and Term when it can never
// be applied or must not be.
func (c *transcribeConsumer) handle(msg jetstream.Msg) {
	// Applying the report continues the transcribe's trace.
	base, span := telemetry.StartConsumer(c.ctx, msg, "transcribe report")
	defer span.End()
	report, err := DecodeTranscribeReport(msg.Subject(), msg.Data())
	if err != nil {
		c.settle.DeadLetter(c.ctx, msg, err)
		return
	}
	ctx, cancel := context.WithTimeout(base, applyTimeout)
	defer cancel()
	switch err := c.apply(ctx, report); {
	case err == nil:
		_ = msg.Ack()
	case errors.Is(err, catalog.ErrReportAccount), errors.Is(err, transcribes.ErrReportFile):
		c.settle.DeadLetter(c.ctx, msg, err)
	default:
		c.settle.Retry(msg, "transcribe report not applied", err, "transcribe_id", report.TranscribeID)
	}
}

// DecodeTranscribeReport decodes a message of transcribe.progress,
// .completed or .failed. An error means it can never be applied.
func DecodeTranscribeReport(subject string, data []byte) (transcribes.Report, error) {
	var r transcribes.Report
	var err error
	switch subject {
	case natsx.SubjectTranscribeProgress:
		var m eventsv1.TranscribeProgress
		err = decodeOptions.Unmarshal(data, &m)
		r = transcribes.Report{Kind: catalog.MediaProgress, AccountID: m.GetMeta().GetAccountId(),
			TranscribeID: m.GetTranscribeId(), VideoID: m.GetVideoId(), Progress: int(m.GetProgress())}
	case natsx.SubjectTranscribeCompleted:
		var m eventsv1.TranscribeCompleted
		err = decodeOptions.Unmarshal(data, &m)
		r = transcribes.Report{Kind: catalog.MediaCompleted, AccountID: m.GetMeta().GetAccountId(),
			TranscribeID: m.GetTranscribeId(), VideoID: m.GetVideoId(), VTTKey: m.GetVttObjectKey()}
	case natsx.SubjectTranscribeFailed:
		var m eventsv1.TranscribeFailed
		err = decodeOptions.Unmarshal(data, &m)
		r = transcribes.Report{Kind: catalog.MediaFailed, AccountID: m.GetMeta().GetAccountId(),
			TranscribeID: m.GetTranscribeId(), VideoID: m.GetVideoId(), Reason: m.GetReason()}
	default:
		return r, fmt.Errorf("events: no transcribe report on subject %q", subject)
	}
	switch {
	case err != nil:
		return r, fmt.Errorf("events: decode %s: %w", subject, err)
	case !ids.Valid(r.VideoID) || !ids.Valid(r.TranscribeID):
		return r, fmt.Errorf("events: %s: %w", subject, errNoVideoID)
	case r.AccountID == "":
		return r, fmt.Errorf("events: %s: %w", subject, errNoAccount)
	}
	return r, nil
}
