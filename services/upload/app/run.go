package app

import (
	"context"
	"fmt"
	"log/slog"
	"net"

	"github.com/vidhost/vidhost/pkg/grpcx"
	"github.com/vidhost/vidhost/pkg/lifecycle"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/pkg/secrets"
	"github.com/vidhost/vidhost/services/upload/internal/server"
	"github.com/vidhost/vidhost/services/upload/internal/store"
	"github.com/vidhost/vidhost/services/upload/internal/tus"
	"github.com/vidhost/vidhost/services/upload/internal/upload"
)

// Run starts the upload service and serves until ctx is done, then shuts
// down in reverse order of start-up. It returns the first start-up or
// serving error joined with any shutdown error.
func Run(ctx context.Context, cfg Config, logger *slog.Logger, opts Options) error {
	if err := cfg.Validate(); err != nil {
		return fmt.Errorf("upload: %w", err)
	}
	return lifecycle.Run(ctx, logger, lifecycle.ShutdownTimeout, func(stack *lifecycle.Stack) error {
		return start(ctx, cfg, logger, opts, stack)
	})
}

// start brings up the domain, the tus HTTP server and the gRPC server,
// pushing each cleanup on stack as it goes, and serves until ctx is done.
func start(ctx context.Context, cfg Config, logger *slog.Logger, opts Options, stack *lifecycle.Stack) error {
	svc, backend, err := startDomain(ctx, cfg, logger, stack)
	if err != nil {
		return err
	}
	startSweeper(ctx, svc, cfg.SweepInterval, logger, stack)
	grpcLis, httpLis, err := listen(cfg, opts)
	if err != nil {
		return err
	}
	if err := startHTTP(ctx, cfg, svc, backend, httpLis, logger, stack); err != nil {
		_ = grpcLis.Close()
		return err
	}
	srv := grpcx.NewServer(grpcx.ServerOptions{Logger: logger, Root: secrets.MustRoot(cfg.InternalSecret)})
	server.New(svc).Register(srv)
	logger.Info("upload serving", "grpc", grpcLis.Addr().String(), "http", httpLis.Addr().String())
	if opts.Ready != nil {
		opts.Ready(grpcLis.Addr().String())
	}
	// Serve drains in-flight calls itself when ctx is done.
	return srv.Serve(ctx, grpcLis, grpcx.DefaultDrain)
}

// startDomain opens what the domain needs and builds it.
func startDomain(ctx context.Context, cfg Config, logger *slog.Logger, stack *lifecycle.Stack) (*upload.Service, tus.Backend, error) {
	pool, _, err := outbox.Open(ctx, logger, stack, database(cfg), cfg.NATSClient(natsx.ServiceUpload), natsx.StreamUploads, natsx.StreamAudit)
	if err != nil {
		return nil, nil, fmt.Errorf("upload: %w", err)
	}
	objects, backend, err := openStorage(ctx, cfg)
	if err != nil {
		return nil, nil, err
	}
	svc := upload.NewService(store.New(pool), objects, backend, cfg.domainOptions(), logger)
	return svc, backend, nil
}

// listen returns the gRPC and HTTP listeners, from opts or by listening.
func listen(cfg Config, opts Options) (grpcLis, httpLis net.Listener, err error) {
	if grpcLis, err = grpcx.Listen(opts.Listener, cfg.GRPCAddr); err != nil {
		if opts.HTTPListener != nil {
			_ = opts.HTTPListener.Close()
		}
		return nil, nil, err
	}
	if httpLis, err = grpcx.Listen(opts.HTTPListener, cfg.HTTPAddr); err != nil {
		_ = grpcLis.Close()
		return nil, nil, err
	}
	return grpcLis, httpLis, nil
}
