package events

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/telemetry"
)

// matcher is one kind of event that hooks are matched against, through a
// durable consumer of its own on the CATALOG stream: events published
// while the service was down are matched when it is back.
type matcher[E any] struct {
	consumer string // the durable consumer's name
	subject  string
	decode   func(data []byte) (E, error)
	// match records the deliveries the event calls for and counts them.
	match   func(ctx context.Context, e E) (int, error)
	videoID func(e E) string // for the logs
}

// start creates (or updates) the consumer and matches events until stop
// is called. Each event is acked once its deliveries are recorded, retried
// with a delay when the database failed, and dead-lettered when it cannot
// be read.
func (m matcher[E]) start(ctx context.Context, js jetstream.JetStream, logger *slog.Logger) (stop func(), err error) {
	policy, err := deliverPolicy(ctx, js, m.consumer)
	if err != nil {
		return nil, err
	}
	consumer, err := js.CreateOrUpdateConsumer(ctx, natsx.StreamNameCatalog, jetstream.ConsumerConfig{
		Durable:        m.consumer,
		FilterSubjects: []string{m.subject},
		AckPolicy:      jetstream.AckExplicitPolicy,
		AckWait:        ackWait,
		MaxDeliver:     -1, // database outages retry until they pass; poison is dead-lettered
		DeliverPolicy:  policy,
	})
	if err != nil {
		return nil, fmt.Errorf("events: %s consumer: %w", m.subject, err)
	}
	base := context.WithoutCancel(ctx)
	settle := natsx.Settler{JS: js, Logger: logger, Backoff: retries, Timeout: matchTimeout}
	handle := func(msg jetstream.Msg) {
		ctx, span := telemetry.StartConsumer(base, msg, m.subject) // continues the publishing call's trace
		defer span.End()
		m.handle(ctx, settle, logger, msg)
	}
	stop, err = consumeConcurrently(consumer, handle, m.subject+" consumer", logger)
	if err != nil {
		return nil, fmt.Errorf("events: consume %s: %w", m.subject, err)
	}
	return stop, nil
}

func (m matcher[E]) handle(base context.Context, settle natsx.Settler, logger *slog.Logger, msg jetstream.Msg) {
	event, err := m.decode(msg.Data())
	if err != nil {
		settle.DeadLetter(base, msg, err)
		return
	}
	ctx, cancel := context.WithTimeout(base, matchTimeout)
	defer cancel()
	recorded, err := m.match(ctx, event)
	if err != nil {
		settle.Retry(msg, m.subject+" not matched", err, "video_id", m.videoID(event))
		return
	}
	if recorded > 0 {
		logger.Debug(m.subject+" matched", "video_id", m.videoID(event), "deliveries", recorded)
	}
	_ = msg.Ack()
}
