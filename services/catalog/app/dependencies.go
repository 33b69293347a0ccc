package app

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/grpcx"
	"github.com/vidhost/vidhost/pkg/lifecycle"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/pkg/pg"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
	"github.com/vidhost/vidhost/services/catalog/internal/events"
	"github.com/vidhost/vidhost/services/catalog/internal/uploads"
	"github.com/vidhost/vidhost/services/catalog/migrations"
)

// openDatabase migrates the catalog's schema and opens its pool.
func openDatabase(ctx context.Context, cfg Config, stack *lifecycle.Stack) (*pgxpool.Pool, error) {
	if err := pg.Migrate(ctx, cfg.DatabaseURL, cfg.DBSchema, migrations.FS); err != nil {
		return nil, fmt.Errorf("catalog: %w", err)
	}
	pool, err := pg.Open(ctx, cfg.DatabaseURL, cfg.DBSchema)
	if err != nil {
		return nil, fmt.Errorf("catalog: %w", err)
	}
	// Close the pool last: every other step may still use it while stopping.
	stack.Push("database pool", func(context.Context) error { pool.Close(); return nil })
	return pool, nil
}

// connectNATS connects to NATS and ensures the streams the catalog
// publishes to (CATALOG, JOBS), consumes from (MEDIA) and dead-letters
// poison reports to (DEADLETTER). Ensuring is idempotent, so it does not
// matter which service starts first.
func connectNATS(ctx context.Context, cfg Config, logger *slog.Logger, stack *lifecycle.Stack) (jetstream.JetStream, error) {
	nc, err := natsx.Connect(cfg.NATSURL, "catalog", natsx.LogEvents(logger))
	if err != nil {
		return nil, fmt.Errorf("catalog: %w", err)
	}
	// Close NATS after the relay has stopped publishing.
	stack.Push("nats connection", func(context.Context) error { nc.Close(); return nil })
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, fmt.Errorf("catalog: jetstream: %w", err)
	}
	if err := natsx.EnsureStreams(ctx, js, natsx.StreamCatalog, natsx.StreamJobs, natsx.StreamMedia, natsx.StreamDeadLetter); err != nil {
		return nil, fmt.Errorf("catalog: %w", err)
	}
	return js, nil
}

// startRelay publishes outbox rows in the background. It outlives ctx so
// that changes committed while in-flight calls drain are still published;
// its cleanup stops it and flushes once more.
func startRelay(ctx context.Context, pool *pgxpool.Pool, js jetstream.JetStream, logger *slog.Logger, stack *lifecycle.Stack) {
	relay := outbox.NewRelay(pool, js, logger)
	relayCtx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = relay.Run(relayCtx) // returns nil once relayCtx is done
	}()
	// Stop the relay, then publish what the last calls committed; rows
	// left over (NATS down) wait for the next start.
	stack.Push("outbox relay", func(shutdownCtx context.Context) error {
		cancel()
		<-done
		if err := relay.Flush(shutdownCtx); err != nil {
			logger.Warn("outbox: final flush failed; rows stay for the next start", "error", err)
		}
		return nil
	})
}

// uploadResolver returns opts.Uploads, or a client of the upload service.
func uploadResolver(cfg Config, opts Options, stack *lifecycle.Stack) (catalog.UploadResolver, error) {
	if opts.Uploads != nil {
		return opts.Uploads, nil
	}
	conn, err := grpcx.Dial(cfg.UploadAddr)
	if err != nil {
		return nil, fmt.Errorf("catalog: upload service: %w", err)
	}
	// Close the connection once no call can resolve a reference any more.
	stack.Push("upload service connection", func(context.Context) error { return conn.Close() })
	return uploads.New(conn, []byte(cfg.InternalSecret)), nil
}

// openBlobStore opens the store tracks and thumbnails are kept in; it
// holds no connection to close.
func openBlobStore(ctx context.Context, cfg Config, logger *slog.Logger) (catalog.Files, error) {
	objects, err := blob.Open(ctx, cfg.Blob.Config())
	if err != nil {
		return catalog.Files{}, fmt.Errorf("catalog: %w", err)
	}
	return catalog.Files{Objects: objects, Logger: logger}, nil
}

// startMediaConsumer applies transcode reports until shutdown.
func startMediaConsumer(ctx context.Context, js jetstream.JetStream, svc *catalog.Service, logger *slog.Logger, stack *lifecycle.Stack) error {
	stop, err := events.StartMediaConsumer(ctx, js, svc.ApplyMediaReport, logger)
	if err != nil {
		return fmt.Errorf("catalog: %w", err)
	}
	// Stop taking reports before the relay and the pool go; one in hand
	// finishes, the rest are delivered again after the restart.
	stack.Push("media consumer", func(context.Context) error { stop(); return nil })
	return nil
}
