package outbox

import (
	"context"
	"log/slog"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/vidhost/vidhost/pkg/lifecycle"
)

// Start runs a relay in the background for a service. The relay outlives
// ctx so that changes committed while in-flight calls drain are still
// published; its cleanup on stack stops it and flushes once more. Rows left
// over (NATS down) wait for the next start.
func Start(ctx context.Context, pool *pgxpool.Pool, js jetstream.JetStream, logger *slog.Logger, stack *lifecycle.Stack) {
	relay := NewRelay(pool, js, logger)
	relayCtx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = relay.Run(relayCtx) // returns nil once relayCtx is done
	}()
	stack.Push("outbox relay", func(shutdownCtx context.Context) error {
		cancel()
		select {
		case <-done:
		case <-shutdownCtx.Done():
			return shutdownCtx.Err()
		}
		if err := relay.Flush(shutdownCtx); err != nil {
			logger.Warn("outbox: final flush failed; rows stay for the next start", "error", err)
		}
		return nil
	})
}
