package app

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/vidhost/vidhost/pkg/grpcx"
	"github.com/vidhost/vidhost/pkg/lifecycle"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/pkg/secrets"
	"github.com/vidhost/vidhost/services/analytics/internal/alerts"
	"github.com/vidhost/vidhost/services/analytics/internal/events"
	"github.com/vidhost/vidhost/services/analytics/internal/server"
	"github.com/vidhost/vidhost/services/analytics/internal/store"
	"github.com/vidhost/vidhost/services/analytics/internal/views"
	"github.com/vidhost/vidhost/services/analytics/migrations"
)

// retentionEvery is how often old raw events are dropped.
const retentionEvery = time.Hour

// Run starts the analytics service and serves until ctx is done, then shuts
// down in reverse order of start-up.
func Run(ctx context.Context, cfg Config, logger *slog.Logger, opts Options) error {
	if err := cfg.Validate(); err != nil {
		return fmt.Errorf("analytics: %w", err)
	}
	return lifecycle.Run(ctx, logger, lifecycle.ShutdownTimeout, func(stack *lifecycle.Stack) error {
		return start(ctx, cfg, logger, opts, stack)
	})
}

// start brings up everything the server needs, in docs/style.md's order, pushing
// each cleanup on stack as it goes, and serves until ctx is done.
func start(ctx context.Context, cfg Config, logger *slog.Logger, opts Options, stack *lifecycle.Stack) error {
	root := secrets.MustRoot(cfg.InternalSecret)
	// It reads VIEWS, dead-letters what it can never store, and publishes
	// video.experience_degraded to CATALOG through its outbox.
	pool, js, err := outbox.Open(ctx, logger, stack,
		outbox.Database{URL: cfg.DatabaseURL, Schema: cfg.DBSchema, Migrations: migrations.FS},
		cfg.NATSClient(natsx.ServiceAnalytics), natsx.StreamViews, natsx.StreamDeadLetter, natsx.StreamCatalog)
	if err != nil {
		return fmt.Errorf("analytics: %w", err)
	}
	st := store.New(pool)
	consumer, err := events.NewConsumer(ctx, js, st, logger, events.Options{
		BatchSize: cfg.BatchSize, Storers: cfg.Storers, Retention: cfg.retention(),
	})
	if err != nil {
		return fmt.Errorf("analytics: %w", err)
	}
	runCtx, stop := context.WithCancel(context.WithoutCancel(ctx))
	var wg sync.WaitGroup
	wg.Go(func() { consumer.Run(runCtx) })
	wg.Go(func() { keepRetention(runCtx, st, cfg.retention(), logger) })
	// The alerts judge each closed hour once the consumer has stored it.
	if watch := cfg.alertOptions(); watch.Rule.Enabled() {
		watcher := alerts.NewWatcher(st, consumer, logger, watch)
		wg.Go(func() { watcher.Run(runCtx) })
	}
	// Stop the consumer (its batch in flight finishes), the retention loop
	// and the alert watcher (its page in flight commits or rolls back)
	// before the outbox relay, NATS and the pool close.
	stack.Push("stop views consumer and alert watcher", func(context.Context) error { stop(); wg.Wait(); return nil })

	lis, err := grpcx.Listen(opts.Listener, cfg.GRPCAddr)
	if err != nil {
		return fmt.Errorf("analytics: %w", err)
	}
	srv := grpcx.NewServer(grpcx.ServerOptions{Logger: logger, Root: root})
	server.New(st).Register(srv)
	logger.Info("analytics serving", "addr", lis.Addr().String())
	if opts.Ready != nil {
		opts.Ready(lis.Addr().String())
	}
	// Serve drains in-flight calls itself when ctx is done.
	return srv.Serve(ctx, lis, grpcx.DefaultDrain)
}

// keepRetention drops raw events older than retention at start and then
// every retentionEvery, until ctx ends.
func keepRetention(ctx context.Context, st views.Store, retention time.Duration, logger *slog.Logger) {
	ticker := time.NewTicker(retentionEvery)
	defer ticker.Stop()
	for {
		dropped, err := st.DropEventsBefore(ctx, time.Now().UTC().Add(-retention))
		if err != nil {
			logger.Warn("analytics retention", "error", err)
		} else if len(dropped) > 0 {
			logger.Info("analytics retention: dropped raw events", "partitions", dropped)
		}
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
		}
	}
}
