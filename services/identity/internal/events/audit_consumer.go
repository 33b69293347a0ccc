package events

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/vidhost/vidhost/pkg/audit"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/services/identity/internal/auditlog"
)

// AuditConsumerName is the durable consumer of AUDIT through which identity
// stores every service's audit entries; entries published while identity
// was down are stored when it is back.
const AuditConsumerName = "identity-audit"

const (
	// storeTimeout bounds one entry's insert.
	storeTimeout = 10 * time.Second
	// auditAckWait is how long a delivered entry may stay unacknowledged.
	auditAckWait = 30 * time.Second
	// Retries after a failed insert back off from minRetry to maxRetry.
	minRetry = time.Second
	maxRetry = 30 * time.Second
)

// StoreFunc stores one entry, once (auditlog.Service.Store).
type StoreFunc func(ctx context.Context, e auditlog.Entry) error

// auditConsumer stores the entries it is given.
type auditConsumer struct {
	js     jetstream.JetStream
	store  StoreFunc
	logger *slog.Logger
	ctx    context.Context // base of each entry's context; never canceled
}

// StartAuditConsumer creates (or updates) the durable consumer and starts
// storing entries. stop ends consumption once the entry in hand is stored.
func StartAuditConsumer(ctx context.Context, js jetstream.JetStream, store StoreFunc, logger *slog.Logger) (stop func(), err error) {
	consumer, err := js.CreateOrUpdateConsumer(ctx, natsx.StreamNameAudit, jetstream.ConsumerConfig{
		Durable:       AuditConsumerName,
		AckPolicy:     jetstream.AckExplicitPolicy,
		AckWait:       auditAckWait,
		MaxDeliver:    -1, // a database outage retries until it passes; poison is terminated
		DeliverPolicy: jetstream.DeliverAllPolicy,
	})
	if err != nil {
		return nil, fmt.Errorf("events: audit consumer: %w", err)
	}
	c := &auditConsumer{js: js, store: store, logger: logger, ctx: context.WithoutCancel(ctx)}
	consuming, err := consumer.Consume(c.handle, jetstream.ConsumeErrHandler(
		func(_ jetstream.ConsumeContext, err error) { logger.Warn("audit consumer", "error", err) }))
	if err != nil {
		return nil, fmt.Errorf("events: consume audit: %w", err)
	}
	return func() { consuming.Stop(); <-consuming.Closed() }, nil
}

// handle stores one entry: Ack once stored (or already stored), Nak with a
// delay when the database failed, dead-letter and Term an entry that can
// never be stored.
func (c *auditConsumer) handle(msg jetstream.Msg) {
	entry, err := audit.Decode(msg.Data())
	if err != nil {
		c.deadLetter(msg, err)
		return
	}
	ctx, cancel := context.WithTimeout(c.ctx, storeTimeout)
	defer cancel()
	if err := c.store(ctx, auditlog.FromProto(entry)); err != nil {
		delay := retryDelay(msg)
		c.logger.Warn("audit entry not stored, retrying", "subject", msg.Subject(), "id", entry.GetId(),
			"error", err, "retry_in", delay)
		_ = msg.NakWithDelay(delay)
		return
	}
	_ = msg.Ack()
}

// deadLetter republishes msg to its dead-letter subject, then terminates
// it; if the publish fails, msg is retried instead, so it is never
// dropped unseen.
func (c *auditConsumer) deadLetter(msg jetstream.Msg, cause error) {
	ctx, cancel := context.WithTimeout(c.ctx, storeTimeout)
	defer cancel()
	if err := natsx.DeadLetter(ctx, c.js, msg, cause.Error()); err != nil {
		c.logger.Warn("dead-letter publish failed, retrying", "subject", msg.Subject(), "error", err)
		_ = msg.NakWithDelay(retryDelay(msg))
		return
	}
	c.logger.Error("audit entry dead-lettered", "subject", msg.Subject(), "error", cause)
	_ = msg.TermWithReason(cause.Error())
}

// retryDelay doubles with each delivery of msg, from minRetry to maxRetry.
func retryDelay(msg jetstream.Msg) time.Duration {
	delivered := uint64(1)
	if meta, err := msg.Metadata(); err == nil {
		delivered = meta.NumDelivered
	}
	delay := minRetry
	for i := uint64(1); i < delivered && delay < maxRetry; i++ {
		delay *= 2
	}
	return min(delay, maxRetry)
}
