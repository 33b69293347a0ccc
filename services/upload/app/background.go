package app

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"time"

	"go.opentelemetry.io/contrib/instrumentation/net/http/otelhttp"

	tushandler "github.com/tus/tusd/v2/pkg/handler"

	"github.com/vidhost/vidhost/pkg/grpcx"
	"github.com/vidhost/vidhost/pkg/httpx"
	"github.com/vidhost/vidhost/pkg/lifecycle"
	"github.com/vidhost/vidhost/pkg/secrets"
	"github.com/vidhost/vidhost/services/upload/internal/tus"
	"github.com/vidhost/vidhost/services/upload/internal/upload"
)

// startSweeper runs a sweep at start and then every interval, until the
// service stops.
func startSweeper(ctx context.Context, svc *upload.Service, interval time.Duration, logger *slog.Logger, stack *lifecycle.Stack) {
	sweepCtx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			result, err := svc.Sweep(sweepCtx, time.Now())
			if err != nil && sweepCtx.Err() == nil {
				logger.Warn("upload sweep incomplete; the next pass retries", "error", err)
			}
			if result.Settled+result.Removed > 0 {
				logger.Info("upload sweep", "settled", result.Settled, "removed", result.Removed)
			}
			select {
			case <-sweepCtx.Done():
				return
			case <-time.After(interval):
			}
		}
	}()
	// Stop the sweeper before the pool it uses closes.
	stack.Push("sweeper", func(context.Context) error { cancel(); <-done; return nil })
}

// startHTTP serves the tus endpoint on lis until shutdown. Shutting down
// interrupts uploads in progress the tus way: what arrived is kept and
// the client resumes later.
func startHTTP(ctx context.Context, cfg Config, svc *upload.Service, backend tus.Backend, lis net.Listener, logger *slog.Logger, stack *lifecycle.Stack) error {
	handler, err := tus.NewHandler(tus.Config{
		Uploads: svc, Backend: backend, GatewayKey: secrets.MustRoot(cfg.InternalSecret).Derive(secrets.InternalCall(grpcx.Gateway)), PublicURL: cfg.PublicURL, Logger: logger,
	})
	if err != nil {
		_ = lis.Close()
		return err
	}
	mux := http.NewServeMux()
	mux.Handle(tus.BasePath, handler)
	baseCtx, cancelBase := context.WithCancelCause(context.WithoutCancel(ctx))
	srv := &http.Server{
		// A tus PATCH carries gigabytes: the read and write timeouts bound a
		// request only until its body moves, then roll on with each chunk.
		// Spans continue the gateway's trace from the proxied request's headers.
		Handler: otelhttp.NewHandler(httpx.OnProgress(httpx.DefaultProgressTimeout, mux), "tus",
			otelhttp.WithSpanNameFormatter(func(_ string, r *http.Request) string { return "tus " + r.Method })),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       httpx.DefaultProgressTimeout,
		WriteTimeout:      httpx.DefaultProgressTimeout,
		IdleTimeout:       2 * time.Minute,
		BaseContext:       func(net.Listener) context.Context { return baseCtx },
	}
	srv.RegisterOnShutdown(func() { cancelBase(tushandler.ErrServerShutdown) })
	go func() {
		if err := srv.Serve(lis); err != nil && !errors.Is(err, http.ErrServerClosed) {
			logger.Error("tus server stopped", "error", err)
		}
	}()
	// Stop taking uploads once gRPC has drained; interrupted ones resume.
	stack.Push("http server", func(shutdownCtx context.Context) error {
		if err := srv.Shutdown(shutdownCtx); err != nil {
			return srv.Close()
		}
		return nil
	})
	return nil
}
