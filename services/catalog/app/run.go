package app

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/vidhost/vidhost/pkg/config"
	"github.com/vidhost/vidhost/pkg/grpcx"
	"github.com/vidhost/vidhost/pkg/lifecycle"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/pkg/secrets"
	"github.com/vidhost/vidhost/services/catalog/internal/server"
	"github.com/vidhost/vidhost/services/catalog/internal/store"
)

// Run starts the catalog and serves until ctx is done, then shuts down in
// reverse order of start-up. It returns the first start-up or serving error
// joined with any shutdown error.
func Run(ctx context.Context, cfg Config, logger *slog.Logger, opts Options) error {
	cfg = config.WithDefaults(cfg)
	if err := cfg.Validate(); err != nil {
		return fmt.Errorf("catalog: %w", err)
	}
	return lifecycle.Run(ctx, logger, lifecycle.ShutdownTimeout, func(stack *lifecycle.Stack) error {
		return start(ctx, cfg, logger, opts, stack)
	})
}

// start brings up everything the server needs, in docs/style.md's order, pushing
// each cleanup on stack as it goes, and serves until ctx is done.
func start(ctx context.Context, cfg Config, logger *slog.Logger, opts Options, stack *lifecycle.Stack) error {
	// The catalog publishes to CATALOG, JOBS and CANCELS, consumes MEDIA and ACCOUNTS
	// (account.updated), and dead-letters poison reports.
	pool, js, err := outbox.Open(ctx, logger, stack, database(cfg), cfg.NATSClient(natsx.ServiceCatalog),
		natsx.StreamCatalog, natsx.StreamJobs, natsx.StreamMedia, natsx.StreamDeadLetter, natsx.StreamAudit, natsx.StreamAccounts, natsx.StreamCancels)
	if err != nil {
		return fmt.Errorf("catalog: %w", err)
	}
	resolver, err := uploadResolver(cfg, opts, stack)
	if err != nil {
		return err
	}
	files, err := openBlobStore(ctx, cfg, logger)
	if err != nil {
		return err
	}
	domain := useCases(cfg, store.New(pool), resolver, files)
	svc := domain.Catalog
	if err := startMediaConsumer(ctx, js, svc, logger, stack); err != nil {
		return err
	}
	if err := startTranscribeConsumer(ctx, js, domain.Transcribes, logger, stack); err != nil {
		return err
	}
	if err := startMediaCleanupConsumer(ctx, js, svc, logger, stack); err != nil {
		return err
	}
	if err := startAccountsConsumer(ctx, js, svc, logger, stack); err != nil {
		return err
	}
	lis, err := grpcx.Listen(opts.Listener, cfg.GRPCAddr)
	if err != nil {
		return fmt.Errorf("catalog: %w", err)
	}
	srv := grpcx.NewServer(grpcx.ServerOptions{Logger: logger, Root: secrets.MustRoot(cfg.InternalSecret)})
	server.New(domain).Register(srv)
	logger.Info("catalog serving", "addr", lis.Addr().String())
	if opts.Ready != nil {
		opts.Ready(lis.Addr().String())
	}
	// Serve drains in-flight calls itself when ctx is done.
	return srv.Serve(ctx, lis, grpcx.DefaultDrain)
}
