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
	"github.com/vidhost/vidhost/services/upload/internal/server"
	"github.com/vidhost/vidhost/services/upload/internal/store"
	"github.com/vidhost/vidhost/services/upload/internal/tus"
	"github.com/vidhost/vidhost/services/upload/internal/upload"
	"github.com/vidhost/vidhost/services/upload/migrations"
)

// shutdownTimeout bounds the cleanups after the gRPC server has drained.
const shutdownTimeout = 15 * time.Second

// Run starts the upload service and serves until ctx is done, then shuts
// down in reverse order of start-up. It returns the first start-up or
// serving error joined with any shutdown error.
func Run(ctx context.Context, cfg Config, logger *slog.Logger, opts Options) (err error) {
	if err := cfg.Validate(); err != nil {
		return fmt.Errorf("upload: %w", err)
	}
	stack := lifecycle.New(logger)
	defer func() {
		shutdownCtx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
		defer cancel()
		err = errors.Join(err, stack.Shutdown(shutdownCtx))
	}()
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
	pool, err := pg.Start(ctx, cfg.DatabaseURL, cfg.DBSchema, migrations.FS, stack)
	if err != nil {
		return nil, nil, fmt.Errorf("upload: %w", err)
	}
	js, err := natsx.StartJetStream(ctx, natsClient(cfg), logger, stack, natsx.StreamUploads)
	if err != nil {
		return nil, nil, fmt.Errorf("upload: %w", err)
	}
	outbox.Start(ctx, pool, js, logger, stack)
	objects, backend, err := openStorage(ctx, cfg)
	if err != nil {
		return nil, nil, err
	}
	svc := upload.NewService(store.New(pool), objects, backend, cfg.domainOptions(), logger)
	return svc, backend, nil
}

// listen returns the gRPC and HTTP listeners, from opts or by listening.
func listen(cfg Config, opts Options) (grpcLis, httpLis net.Listener, err error) {
	if grpcLis, err = listenOn(opts.Listener, cfg.GRPCAddr); err != nil {
		if opts.HTTPListener != nil {
			_ = opts.HTTPListener.Close()
		}
		return nil, nil, err
	}
	if httpLis, err = listenOn(opts.HTTPListener, cfg.HTTPAddr); err != nil {
		_ = grpcLis.Close()
		return nil, nil, err
	}
	return grpcLis, httpLis, nil
}

func listenOn(given net.Listener, addr string) (net.Listener, error) {
	if given != nil {
		return given, nil
	}
	lis, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("upload: listen: %w", err)
	}
	return lis, nil
}
