package natsx

import (
	"context"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// Backoff is a consumer's retry policy for passing failures (a database
// down, a mail server slow): the wait before a message's next delivery
// doubles with each delivery, from Min up to Max.
type Backoff struct {
	Min, Max time.Duration
}

// Delay is the wait before msg's next delivery.
func (b Backoff) Delay(msg jetstream.Msg) time.Duration {
	delivered := uint64(1)
	if meta, err := msg.Metadata(); err == nil {
		delivered = meta.NumDelivered
	}
	return b.After(delivered)
}

// After is the wait after the delivered-th delivery failed.
func (b Backoff) After(delivered uint64) time.Duration {
	delay := b.Min
	for i := uint64(1); i < delivered && delay < b.Max; i++ {
		delay *= 2
	}
	return min(delay, b.Max)
}

// Settler ends a consumer's messages the one way every consumer does: a
// passing failure is retried after the backoff (Nak with delay), a message
// that can never be handled is dead-lettered and terminated, and a
// dead-letter publish that fails is retried instead, so nothing is dropped
// unseen.
type Settler struct {
	JS      jetstream.JetStream
	Logger  *slog.Logger
	Backoff Backoff
	// Timeout bounds the dead-letter publish.
	Timeout time.Duration
}

// Retry asks for msg again after the backoff, logging what failed.
func (s Settler) Retry(msg jetstream.Msg, what string, err error, attrs ...any) {
	delay := s.Backoff.Delay(msg)
	s.Logger.Warn(what+", retrying", append(attrs, "subject", msg.Subject(), "error", err, "retry_in", delay)...)
	_ = msg.NakWithDelay(delay)
}

// DeadLetter republishes msg to its dead-letter subject (DeadLetter) with
// cause, then terminates it.
func (s Settler) DeadLetter(ctx context.Context, msg jetstream.Msg, cause error) {
	ctx, cancel := context.WithTimeout(ctx, s.Timeout)
	defer cancel()
	if err := DeadLetter(ctx, s.JS, msg, cause.Error()); err != nil {
		s.Retry(msg, "dead-letter publish failed", err)
		return
	}
	s.Logger.Error("message dead-lettered", "subject", msg.Subject(), "error", cause)
	_ = msg.TermWithReason(cause.Error())
}
