package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"time"

	"github.com/vidhost/vidhost/pkg/grpcx"
	"github.com/vidhost/vidhost/pkg/lifecycle"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/pkg/pg"
	"github.com/vidhost/vidhost/pkg/secrets"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
	"github.com/vidhost/vidhost/services/catalog/internal/server"
	"github.com/vidhost/vidhost/services/catalog/internal/store"
	"github.com/vidhost/vidhost/services/catalog/migrations"
)

// shutdownTimeout bounds the cleanups after the server has drained.
const shutdownTimeout = 15 * time.Second

// Run starts the catalog and serves until ctx is done, then shuts down in
// reverse order of start-up. It returns the first start-up or serving error
// joined with any shutdown error.
func Run(ctx context.Context, cfg Config, logger *slog.Logger, opts Options) (err error) {
	cfg = cfg.withDefaults()
	if err := cfg.Validate(); err != nil {
		return fmt.Errorf("catalog: %w", err)
	}
	stack := lifecycle.New(logger)
	defer func() {
		shutdownCtx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
		defer cancel()
		err = errors.Join(err, stack.Shutdown(shutdownCtx))
	}()
	pool, err := pg.Start(ctx, cfg.DatabaseURL, cfg.DBSchema, migrations.FS, stack)
	if err != nil {
		return fmt.Errorf("catalog: %w", err)
	}
	// The catalog publishes to CATALOG and JOBS, consumes MEDIA, and dead-letters poison reports.
	js, err := natsx.StartJetStream(ctx, natsClient(cfg), logger, stack, natsx.StreamCatalog, natsx.StreamJobs, natsx.StreamMedia, natsx.StreamDeadLetter)
	if err != nil {
		return fmt.Errorf("catalog: %w", err)
	}
	outbox.Start(ctx, pool, js, logger, stack)
	resolver, err := uploadResolver(cfg, opts, stack)
	if err != nil {
		return err
	}
	files, err := openBlobStore(ctx, cfg, logger)
	if err != nil {
		return err
	}
	svc := catalog.NewService(store.New(pool), catalog.Media{BaseURL: cfg.MediaBaseURL}, resolver, files).
		LimitJobsPerAccount(cfg.TranscodeAccountConcurrency)
	if err := startMediaConsumer(ctx, js, svc, logger, stack); err != nil {
		return err
	}
	if err := startMediaCleanupConsumer(ctx, js, svc, logger, stack); err != nil {
		return err
	}
	lis, err := listen(cfg, opts)
	if err != nil {
		return err
	}
	srv := grpcx.NewServer(grpcx.ServerOptions{Logger: logger, Root: secrets.MustRoot(cfg.InternalSecret)})
	server.New(svc).Register(srv)
	logger.Info("catalog serving", "addr", lis.Addr().String())
	if opts.Ready != nil {
		opts.Ready(lis.Addr().String())
	}
	// Serve drains in-flight calls itself when ctx is done.
	return srv.Serve(ctx, lis, grpcx.DefaultDrain)
}

// listen returns opts.Listener, or listens on cfg.GRPCAddr.
func listen(cfg Config, opts Options) (net.Listener, error) {
	if opts.Listener != nil {
		return opts.Listener, nil
	}
	lis, err := net.Listen("tcp", cfg.GRPCAddr)
	if err != nil {
		return nil, fmt.Errorf("catalog: listen: %w", err)
	}
	return lis, nil
}
