package idempotency

import (
	"context"
	"log/slog"
	"time"
)

// SweepEvery is how often expired records are deleted, and sweepBatch how
// many one statement deletes.
const (
	SweepEvery = 10 * time.Minute
	sweepBatch = 1000
)

// Sweep deletes expired records every interval until ctx is done. Expired
// records are never replayed (Claim takes them over), so sweeping only
// bounds the table.
func Sweep(ctx context.Context, store Store, interval time.Duration, logger *slog.Logger) {
	ticker := time.NewTicker(interval)
	defer ticker.Stop()
	for {
		sweepOnce(ctx, store, logger)
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
		}
	}
}

// sweepOnce deletes batches until one comes back short.
func sweepOnce(ctx context.Context, store Store, logger *slog.Logger) {
	for ctx.Err() == nil {
		n, err := store.Sweep(ctx, time.Now(), sweepBatch)
		if err != nil {
			logger.WarnContext(ctx, "idempotency: sweep", "error", err)
			return
		}
		if n < sweepBatch {
			return
		}
	}
}
