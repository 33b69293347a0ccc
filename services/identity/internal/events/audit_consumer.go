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
	settle natsx.Settler
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
	settle := natsx.Settler{JS: js, Logger: logger, Backoff: natsx.Backoff{Min: minRetry, Max: maxRetry}, Timeout: storeTimeout}
	c := &auditConsumer{settle: settle, store: store, logger: logger, ctx: context.WithoutCancel(ctx)}
	consuming, err := consumer.Consume(c.handle, jetstream.ConsumeErrHandler(
		func(_ jetstream.ConsumeContext, err error) { logger.Warn("audit consumer", "error", err) }))
	if err != nil {
		return nil, fmt.Errorf("events: consume audit: %w", err)
	}
	lagCtx, stopLag := context.WithCancel(context.WithoutCancel(ctx))
	natsx.WatchLag(lagCtx, consumer)
	return func() { stopLag(); consuming.Stop(); <-consuming.Closed() }, nil
}

// handle stores one entry: Ack once stored (or already stored), Nak with a
// delay when the database failed, dead-letter and Term an entry that can
// never be stored.
func (c *auditConsumer) handle(msg jetstream.Msg) {
	entry, err := audit.Decode(msg.Data())
	if err != nil {
		c.settle.DeadLetter(c.ctx, msg, err)
		return
	}
	ctx, cancel := context.WithTimeout(c.ctx, storeTimeout)
	defer cancel()
	if err := c.store(ctx, auditlog.FromProto(entry)); err != nil {
		c.settle.Retry(msg, "audit entry not stored", err, "id", entry.GetId())
		return
	}
	_ = msg.Ack()
}
