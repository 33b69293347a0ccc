package app

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/lifecycle"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/pkg/pg"
	"github.com/vidhost/vidhost/services/upload/internal/tus"
	"github.com/vidhost/vidhost/services/upload/migrations"
)

// openDatabase migrates the service's schema and opens its pool.
func openDatabase(ctx context.Context, cfg Config, stack *lifecycle.Stack) (*pgxpool.Pool, error) {
	if err := pg.Migrate(ctx, cfg.DatabaseURL, cfg.DBSchema, migrations.FS); err != nil {
		return nil, fmt.Errorf("upload: %w", err)
	}
	pool, err := pg.Open(ctx, cfg.DatabaseURL, cfg.DBSchema)
	if err != nil {
		return nil, fmt.Errorf("upload: %w", err)
	}
	// Close the pool last: every other step may still use it while stopping.
	stack.Push("database pool", func(context.Context) error { pool.Close(); return nil })
	return pool, nil
}

// connectNATS connects to NATS and ensures the UPLOADS stream.
func connectNATS(ctx context.Context, cfg Config, logger *slog.Logger, stack *lifecycle.Stack) (jetstream.JetStream, error) {
	nc, err := natsx.Connect(cfg.NATSURL, "upload", natsx.LogEvents(logger))
	if err != nil {
		return nil, fmt.Errorf("upload: %w", err)
	}
	// Close NATS after the relay has stopped publishing.
	stack.Push("nats connection", func(context.Context) error { nc.Close(); return nil })
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, fmt.Errorf("upload: jetstream: %w", err)
	}
	if err := natsx.EnsureStreams(ctx, js, natsx.StreamUploads); err != nil {
		return nil, fmt.Errorf("upload: %w", err)
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

// openStorage opens the blob store and the tus backend that matches its
// driver.
func openStorage(ctx context.Context, cfg Config) (blob.Store, tus.Backend, error) {
	blobCfg := cfg.blobConfig()
	objects, err := blob.Open(ctx, blobCfg)
	if err != nil {
		return nil, nil, fmt.Errorf("upload: %w", err)
	}
	if blobCfg.Driver == "s3" {
		return objects, tus.NewS3Backend(blobCfg, objects), nil
	}
	backend, err := tus.NewFileBackend(cfg.StagingDir(), objects)
	if err != nil {
		return nil, nil, fmt.Errorf("upload: %w", err)
	}
	return objects, backend, nil
}
