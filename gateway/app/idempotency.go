package app

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/vidhost/vidhost/gateway/internal/idempotency"
	idempotencystore "github.com/vidhost/vidhost/gateway/internal/idempotency/store"
	"github.com/vidhost/vidhost/gateway/internal/middleware"
	"github.com/vidhost/vidhost/gateway/migrations"
	"github.com/vidhost/vidhost/pkg/lifecycle"
	"github.com/vidhost/vidhost/pkg/pg"
	"github.com/vidhost/vidhost/pkg/secrets"
)

// idempotencyLockSlack is added to the request timeout to make a claim's
// lock: a request still running holds its key; one whose gateway died
// frees it soon after.
const idempotencyLockSlack = 30 * time.Second

// startIdempotency opens the gateway's database (migrating its schema),
// starts the sweeper of expired keys and returns the middleware; without
// VIDHOST_DATABASE_URL the middleware refuses keyed POSTs (501) and warns.
func startIdempotency(ctx context.Context, cfg Config, logger *slog.Logger, stack *lifecycle.Stack) (middleware.Middleware, error) {
	if cfg.DatabaseURL == "" {
		logger.Warn("Idempotency-Key is refused: the gateway has no VIDHOST_DATABASE_URL")
		return idempotency.Middleware(idempotency.Options{Logger: logger}), nil
	}
	pool, err := pg.Start(ctx, cfg.DatabaseURL, cfg.DBSchema, migrations.FS, stack)
	if err != nil {
		return nil, fmt.Errorf("gateway: database: %w", err)
	}
	store := idempotencystore.New(pool)
	runCtx, stop := context.WithCancel(context.WithoutCancel(ctx))
	var wg sync.WaitGroup
	wg.Go(func() { idempotency.Sweep(runCtx, store, idempotency.SweepEvery, logger) })
	// Stop sweeping before the pool closes.
	stack.Push("stop idempotency sweeper", func(context.Context) error { stop(); wg.Wait(); return nil })
	// Answers are sealed under a key every replica derives alike.
	box := secrets.BoxFor(secrets.MustRoot(cfg.InternalSecret), secrets.IdempotencyRecord)
	return idempotency.Middleware(idempotency.Options{
		Store: store, Box: &box, LockFor: cfg.RequestTimeout + idempotencyLockSlack, Logger: logger,
	}), nil
}
