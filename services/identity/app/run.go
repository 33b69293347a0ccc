package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/vidhost/vidhost/pkg/grpcx"
	"github.com/vidhost/vidhost/pkg/lifecycle"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/pkg/pg"
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
	pool, err := openDatabase(ctx, cfg, stack)
	if err != nil {
		return nil, err
	}
	js, err := connectNATS(ctx, cfg, logger, stack)
	if err != nil {
		return nil, err
	}
	startRelay(ctx, pool, js, logger, stack)
	st := store.New(pool)
	if err := runBootstrap(ctx, cfg, st, logger, opts.OnBootstrap); err != nil {
		return nil, err
	}
	return server.New(keys.NewService(st), jwtkeys.NewService(st)), nil
}

func openDatabase(ctx context.Context, cfg Config, stack *lifecycle.Stack) (*pgxpool.Pool, error) {
	if err := pg.Migrate(ctx, cfg.DatabaseURL, cfg.DBSchema, migrations.FS); err != nil {
		return nil, err
	}
	pool, err := pg.Open(ctx, cfg.DatabaseURL, cfg.DBSchema)
	if err != nil {
		return nil, err
	}
	// Last to go: everything else may still query while stopping.
	stack.Push("database pool", func(context.Context) error { pool.Close(); return nil })
	return pool, nil
}

func connectNATS(ctx context.Context, cfg Config, logger *slog.Logger, stack *lifecycle.Stack) (jetstream.JetStream, error) {
	nc, err := natsx.Connect(cfg.NATSURL, "identity", natsx.LogEvents(logger))
	if err != nil {
		return nil, err
	}
	// Closed after the relay, its only publisher, has stopped.
	stack.Push("nats connection", func(context.Context) error { nc.Close(); return nil })
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, fmt.Errorf("jetstream: %w", err)
	}
	if err := natsx.EnsureStreams(ctx, js, natsx.StreamIdentity); err != nil {
		return nil, err
	}
	return js, nil
}

// startRelay publishes the outbox. It outlives ctx until the stack stops it,
// so events committed by calls finishing during the drain still go out.
func startRelay(ctx context.Context, pool *pgxpool.Pool, js jetstream.JetStream, logger *slog.Logger, stack *lifecycle.Stack) {
	relayCtx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	done := make(chan error, 1)
	go func() { done <- outbox.NewRelay(pool, js, logger).Run(relayCtx) }()
	// Stopped once the gRPC server has drained: no more events can come.
	stack.Push("outbox relay", func(stopCtx context.Context) error {
		cancel()
		select {
		case err := <-done:
			return err
		case <-stopCtx.Done():
			return fmt.Errorf("outbox relay did not stop: %w", stopCtx.Err())
		}
	})
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
	grpcServer := grpcx.NewServer(grpcx.ServerOptions{Logger: logger, Secret: []byte(cfg.InternalSecret)})
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
