package outbox

import (
	"context"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go/jetstream"
)

const (
	// batchSize bounds a round, so one transaction never locks many rows.
	batchSize = 100
	// defaultPublishTimeout bounds one publish; past it the round stops and
	// backs off.
	defaultPublishTimeout = 5 * time.Second
	// pollInterval is the fallback when a notification is missed (e.g. while
	// the listening connection was being re-established).
	pollInterval = time.Second
	// minBackoff and maxBackoff bound the wait after a failed round.
	minBackoff = 100 * time.Millisecond
	maxBackoff = 2 * time.Second
)

// Relay publishes a schema's outbox rows to JetStream, oldest first.
type Relay struct {
	pool   *pgxpool.Pool
	js     jetstream.JetStream
	logger *slog.Logger
	wake   chan struct{} // one pending wake-up is enough

	publishTimeout time.Duration
	sampled        time.Time // when the backlog was last counted (Run only)
}

// NewRelay returns a relay for the outbox table reached through pool (its
// search_path selects the schema). A nil logger discards logs.
func NewRelay(pool *pgxpool.Pool, js jetstream.JetStream, logger *slog.Logger) *Relay {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	return &Relay{
		pool:           pool,
		js:             js,
		logger:         logger,
		wake:           make(chan struct{}, 1),
		publishTimeout: defaultPublishTimeout,
	}
}

// Run publishes pending and new rows until ctx is done, then returns nil.
// It wakes within milliseconds of a commit (LISTEN/NOTIFY) and polls every
// second as well. When publishing fails it keeps the row, backs off and
// retries, so order is kept and nothing is dropped.
func (r *Relay) Run(ctx context.Context) error {
	listenerDone := make(chan struct{})
	go func() {
		defer close(listenerDone)
		r.listen(ctx)
	}()
	// Returning only after the listener has closed its connection lets the
	// caller close the pool right away.
	defer func() { <-listenerDone }()
	backoff := minBackoff
	for {
		wait := pollInterval
		if err := r.Flush(ctx); err != nil && ctx.Err() == nil {
			r.logger.Warn("outbox relay: round failed, retrying", "error", err, "retry_in", backoff)
			wait, backoff = backoff, min(2*backoff, maxBackoff)
		} else {
			backoff = minBackoff
		}
		r.housekeeping(ctx)
		if !r.sleep(ctx, wait) {
			return nil
		}
	}
}

// sleep waits for a wake-up, the timeout or ctx; false means ctx is done.
func (r *Relay) sleep(ctx context.Context, timeout time.Duration) bool {
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-r.wake:
	case <-timer.C:
	}
	return true
}

// sleepCtx waits for d or ctx; false means ctx is done.
func sleepCtx(ctx context.Context, d time.Duration) bool {
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-timer.C:
		return true
	}
}

// notify asks Run for another round without blocking.
func (r *Relay) notify() {
	select {
	case r.wake <- struct{}{}:
	default:
	}
}
