package events

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/protobuf/encoding/protojson"

	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/telemetry"
	"github.com/vidhost/vidhost/pkg/timefmt"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
)

// AccountsConsumerName is the durable consumer of identity's
// account.updated, through which live admission follows the operator's
// plan changes and disables. It starts at the stream's beginning, so a
// catalog that was down, or new, catches up with every change.
const AccountsConsumerName = "catalog-accounts"

// accountTimeout bounds recording one announcement.
const accountTimeout = 10 * time.Second

// ApplyAccountFunc records an account's terms (catalog.Service.ApplyAccountTerms).
type ApplyAccountFunc func(ctx context.Context, t catalog.AccountTerms) error

// StartAccountsConsumer creates (or updates) the durable consumer and
// records account changes until stop is called.
func StartAccountsConsumer(ctx context.Context, js jetstream.JetStream, apply ApplyAccountFunc, logger *slog.Logger) (stop func(), err error) {
	consumer, err := js.CreateOrUpdateConsumer(ctx, natsx.StreamNameAccounts, jetstream.ConsumerConfig{
		Durable:        AccountsConsumerName,
		FilterSubjects: []string{natsx.SubjectAccountUpdated},
		AckPolicy:      jetstream.AckExplicitPolicy,
		AckWait:        ackWait,
		MaxDeliver:     -1, // database outages retry until they pass; poison is dead-lettered
		DeliverPolicy:  jetstream.DeliverAllPolicy,
	})
	if err != nil {
		return nil, fmt.Errorf("events: accounts consumer: %w", err)
	}
	base := context.WithoutCancel(ctx)
	settle := settler(js, logger)
	handle := func(msg jetstream.Msg) {
		ctx, span := telemetry.StartConsumer(base, msg, natsx.SubjectAccountUpdated)
		defer span.End()
		terms, err := DecodeAccountUpdated(msg.Data())
		if err != nil {
			settle.DeadLetter(ctx, msg, err)
			return
		}
		ctx, cancel := context.WithTimeout(ctx, accountTimeout)
		defer cancel()
		switch err := apply(ctx, terms); {
		case err == nil:
			_ = msg.Ack()
		case catalog.IsBadAccountTerms(err):
			settle.DeadLetter(ctx, msg, err)
		default:
			settle.Retry(msg, "account terms not recorded", err, "account_id", terms.AccountID)
		}
	}
	consuming, err := consumer.Consume(handle, jetstream.ConsumeErrHandler(
		func(_ jetstream.ConsumeContext, err error) { logger.Warn("accounts consumer", "error", err) }))
	if err != nil {
		return nil, fmt.Errorf("events: consume account.updated: %w", err)
	}
	lagCtx, stopLag := context.WithCancel(base)
	natsx.WatchLag(lagCtx, consumer)
	return func() { stopLag(); consuming.Stop(); <-consuming.Closed() }, nil
}

// DecodeAccountUpdated reads an account.updated event.
func DecodeAccountUpdated(data []byte) (catalog.AccountTerms, error) {
	var event eventsv1.AccountEvent
	if err := (protojson.UnmarshalOptions{DiscardUnknown: true}).Unmarshal(data, &event); err != nil {
		return catalog.AccountTerms{}, fmt.Errorf("events: decode %s: %w", natsx.SubjectAccountUpdated, err)
	}
	updated, err := time.Parse(timefmt.MicroLayout, event.GetUpdatedTime())
	if err != nil {
		return catalog.AccountTerms{}, fmt.Errorf("events: %s: updated_time: %w", natsx.SubjectAccountUpdated, err)
	}
	return catalog.AccountTerms{
		AccountID: event.GetAccountId(), Plan: event.GetPlan(), Enabled: event.GetEnabled(), UpdatedTime: updated,
	}, nil
}
