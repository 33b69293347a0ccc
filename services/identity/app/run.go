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
	"github.com/vidhost/vidhost/services/identity/internal/jwtkeys"
	"github.com/vidhost/vidhost/services/identity/internal/keys"
	"github.com/vidhost/vidhost/services/identity/internal/server"
	"github.com/vidhost/vidhost/services/identity/internal/store"
	"github.com/vidhost/vidhost/services/identity/migrations"
)

// shutdownTimeout bounds the cleanups after the server has drained.
const shutdownTimeout = 15 * time.Second

// Run starts the identity service and serves until ctx is done, then drains
// and stops everything it started, newest first.
func Run(ctx context.Context, cfg Config, logger *slog.Logger, opts Options) (err error) {
	stack := lifecycle.New(logger)
	defer func() {
		stopCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), shutdownTimeout)
		defer cancel()
		err = errors.Join(err, stack.Shutdown(stopCtx))
	}()
	srv, err := start(ctx, cfg, logger, opts, stack)
	if err != nil {
		closeListener(opts.Listener)
		return err
	}
	return serve(ctx, cfg, logger, opts, srv)
}

// start brings up everything the server needs, in STYLE.md's order, pushing
// each cleanup on stack as it goes.
func start(ctx context.Context, cfg Config, logger *slog.Logger, opts Options, stack *lifecycle.Stack) (*server.Server, error) {
	if err := cfg.validate(opts); err != nil {
		return nil, err
	}
	pool, err := pg.Start(ctx, cfg.DatabaseURL, cfg.DBSchema, migrations.FS, stack)
	if err != nil {
		return nil, err
	}
	js, err := natsx.StartJetStream(ctx, natsClient(cfg), logger, stack, natsx.StreamIdentity)
	if err != nil {
		return nil, err
	}
	outbox.Start(ctx, pool, js, logger, stack)
	st := store.New(pool)
	if err := runBootstrap(ctx, cfg, st, logger, opts.OnBootstrap); err != nil {
		return nil, err
	}
	return server.New(keys.NewService(st), jwtkeys.NewService(st)), nil
}

// serve runs the gRPC server until ctx is done; grpcx drains it then.
func serve(ctx context.Context, cfg Config, logger *slog.Logger, opts Options, srv *server.Server) error {
	lis := opts.Listener
	if lis == nil {
		var err error
		if lis, err = net.Listen("tcp", cfg.GRPCAddr); err != nil {
			return fmt.Errorf("listen on %s: %w", cfg.GRPCAddr, err)
		}
	}
	grpcServer := grpcx.NewServer(grpcx.ServerOptions{Logger: logger, Root: secrets.MustRoot(cfg.InternalSecret)})
	srv.Register(grpcServer)
	logger.Info("identity serving", "addr", lis.Addr().String())
	if opts.Ready != nil {
		// The listener is bound: calls made now wait in its backlog.
		opts.Ready(lis.Addr().String())
	}
	return grpcServer.Serve(ctx, lis, grpcx.DefaultDrain)
}

func closeListener(lis net.Listener) {
	if lis != nil {
		_ = lis.Close()
	}
}
