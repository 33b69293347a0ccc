package app

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/vidhost/vidhost/pkg/grpcx"
	"github.com/vidhost/vidhost/pkg/lifecycle"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/pkg/secrets"
	"github.com/vidhost/vidhost/services/hooks/internal/hooks"
	"github.com/vidhost/vidhost/services/hooks/internal/server"
	"github.com/vidhost/vidhost/services/hooks/internal/store"
)

// Run starts the hooks service and serves until ctx is done, then shuts
// down in reverse order of start-up.
func Run(ctx context.Context, cfg Config, logger *slog.Logger, opts Options) error {
	if err := cfg.Validate(); err != nil {
		return fmt.Errorf("hooks: %w", err)
	}
	return lifecycle.Run(ctx, logger, lifecycle.ShutdownTimeout, func(stack *lifecycle.Stack) error {
		return start(ctx, cfg, logger, opts, stack)
	})
}

// start brings up everything the server needs, in docs/style.md's order, pushing
// each cleanup on stack as it goes, and serves until ctx is done.
func start(ctx context.Context, cfg Config, logger *slog.Logger, opts Options, stack *lifecycle.Stack) error {
	root := secrets.MustRoot(cfg.InternalSecret)
	box, err := secrets.NewBox(root.Derive(secrets.ServiceCredentials))
	if err != nil {
		return fmt.Errorf("hooks: %w", err)
	}
	// The service publishes its changes to HOOKS and their audit entries to
	// AUDIT through its outbox, reads video.created from CATALOG and
	// dead-letters what it cannot read.
	pool, js, err := outbox.Open(ctx, logger, stack, database(cfg), cfg.NATSClient(natsx.ServiceHooks),
		natsx.StreamHooks, natsx.StreamAudit, natsx.StreamCatalog, natsx.StreamDeadLetter)
	if err != nil {
		return fmt.Errorf("hooks: %w", err)
	}
	st := store.New(pool, box)
	svc := hooks.NewService(st, cfg.urlPolicy())
	engine, err := startEngine(ctx, cfg, opts, st, logger, stack)
	if err != nil {
		return err
	}
	if err := startMatching(ctx, js, svc, engine, logger, stack); err != nil {
		return err
	}
	lis, err := grpcx.Listen(opts.Listener, cfg.GRPCAddr)
	if err != nil {
		return fmt.Errorf("hooks: %w", err)
	}
	srv := grpcx.NewServer(grpcx.ServerOptions{Logger: logger, Root: root})
	server.New(svc).Register(srv)
	logger.Info("hooks serving", "addr", lis.Addr().String())
	if opts.Ready != nil {
		opts.Ready(lis.Addr().String())
	}
	// Serve drains in-flight calls itself when ctx is done.
	return srv.Serve(ctx, lis, grpcx.DefaultDrain)
}
