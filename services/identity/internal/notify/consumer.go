package notify

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/vidhost/vidhost/pkg/natsx"
)

// The durable consumers, one per stream the notified events live on; their
// position survives restarts, so events of a downtime are mailed later.
const (
	VideoConsumerName  = "identity-notify-video"
	UploadConsumerName = "identity-notify-upload"
)

const (
	// deliverTimeout bounds one event's sends.
	deliverTimeout = time.Minute
	// ackWait is how long a delivered event may stay unacknowledged before
	// JetStream delivers it again; longer than deliverTimeout.
	ackWait = 2 * time.Minute
	// maxDeliver bounds the tries of an event whose mail keeps failing
	// (an SMTP server down for hours): with the backoff below, about a day.
	maxDeliver = 300
	// maxAckPending bounds the events in hand at once.
	maxAckPending = 16
	// Retries back off from minRetry to maxRetry.
	minRetry = time.Second
	maxRetry = 5 * time.Minute
)

// subscriptions are the events notified, by stream.
var subscriptions = []struct {
	durable, stream string
	subjects        []string
}{
	{VideoConsumerName, natsx.StreamNameCatalog, []string{natsx.SubjectVideoReady, natsx.SubjectVideoError}},
	{UploadConsumerName, natsx.StreamNameUploads, []string{natsx.SubjectUploadQuotaReached}},
}

// Consumer delivers the notices of the events it reads.
type Consumer struct {
	settle   natsx.Settler
	decoder  Decoder
	notifier *Notifier
	logger   *slog.Logger
	ctx      context.Context // base of each event's context; never canceled
}

// Start creates (or updates) the durable consumers and starts delivering.
// stop ends consumption once the events in hand are done; unacknowledged
// ones are delivered again later.
func Start(ctx context.Context, js jetstream.JetStream, decoder Decoder, notifier *Notifier, logger *slog.Logger) (stop func(), err error) {
	settle := natsx.Settler{JS: js, Logger: logger, Backoff: natsx.Backoff{Min: minRetry, Max: maxRetry}, Timeout: deliverTimeout}
	c := &Consumer{settle: settle, decoder: decoder, notifier: notifier, logger: logger, ctx: context.WithoutCancel(ctx)}
	var running []jetstream.ConsumeContext
	// Each durable's lag is sampled for /metrics until stop.
	lagCtx, stopLag := context.WithCancel(context.WithoutCancel(ctx))
	stop = func() {
		stopLag()
		for _, r := range running {
			r.Stop()
			<-r.Closed()
		}
	}
	for _, sub := range subscriptions {
		consumer, err := js.CreateOrUpdateConsumer(ctx, sub.stream, jetstream.ConsumerConfig{
			Durable:        sub.durable,
			FilterSubjects: sub.subjects,
			AckPolicy:      jetstream.AckExplicitPolicy,
			AckWait:        ackWait,
			MaxDeliver:     maxDeliver,
			MaxAckPending:  maxAckPending,
			// Events from before the first start are not mailed: people
			// chose notifications for what happens from now on.
			DeliverPolicy: jetstream.DeliverNewPolicy,
		})
		if err != nil {
			stop()
			return nil, fmt.Errorf("notify: consumer %s: %w", sub.durable, err)
		}
		consuming, err := consumer.Consume(c.handle, jetstream.ConsumeErrHandler(
			func(_ jetstream.ConsumeContext, err error) { logger.Warn("notify consumer", "error", err) }))
		if err != nil {
			stop()
			return nil, fmt.Errorf("notify: consume %s: %w", sub.stream, err)
		}
		running = append(running, consuming)
		natsx.WatchLag(lagCtx, consumer)
	}
	return stop, nil
}

// handle delivers one event's notice: Ack when every recipient has it,
// Nak with a delay when a send or the database failed, dead-letter and
// Term when the event can never make a notice.
func (c *Consumer) handle(msg jetstream.Msg) {
	notice, err := c.decoder.Decode(msg.Subject(), msg.Data())
	if err != nil {
		c.settle.DeadLetter(c.ctx, msg, err)
		return
	}
	ctx, cancel := context.WithTimeout(c.ctx, deliverTimeout)
	defer cancel()
	if err := c.notifier.Deliver(ctx, notice); err != nil {
		c.settle.Retry(msg, "notification not sent", err, "event_id", notice.EventID)
		return
	}
	_ = msg.Ack()
}
