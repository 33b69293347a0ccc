package command

import (
	"context"
	"log/slog"
	"time"

	"github.com/vidhost/vidhost/pkg/admin"
	"github.com/vidhost/vidhost/pkg/telemetry"
)

// Observability is what every process reads besides its own configuration.
// Tracing is configured by the standard OTEL_EXPORTER_OTLP_* variables
// (pkg/telemetry): spans are exported only when an endpoint is set.
type Observability struct {
	// AdminAddr is the admin listener: /metrics, /debug/pprof/, /livez and
	// /readyz (pkg/admin). Loopback on a free port by default (the port is
	// logged); a pod sets ":9090".
	AdminAddr string `env:"VIDHOST_ADMIN_ADDR" envDefault:"127.0.0.1:0"`
}

// flushTimeout bounds the last export of spans and the admin listener's stop.
const flushTimeout = 5 * time.Second

// observe starts tracing and the admin listener, and returns ctx carrying
// the readiness checks the service registers (admin.AddCheck). stop ends
// both, after the service has stopped: the last spans are flushed and
// /metrics answers until the end.
func observe(ctx context.Context, name string, obs Observability, logger *slog.Logger) (context.Context, func(), error) {
	flush, err := telemetry.Setup(ctx, name)
	if err != nil {
		return ctx, nil, err
	}
	checks := admin.NewChecks()
	// Not ready before the service serves (its gRPC, HTTP or RTMP port).
	checks.AwaitServing()
	srv, err := admin.Start(obs.AdminAddr, checks, logger)
	if err != nil {
		return ctx, nil, err
	}
	logger.Info("admin listener serving", "url", srv.URL, "metrics", srv.URL+"/metrics")
	stop := func() {
		stopCtx, cancel := context.WithTimeout(context.Background(), flushTimeout)
		defer cancel()
		if err := flush(stopCtx); err != nil {
			logger.Warn("flushing spans failed", "error", err)
		}
		_ = srv.Shutdown(stopCtx)
	}
	return admin.WithChecks(ctx, checks), stop, nil
}
