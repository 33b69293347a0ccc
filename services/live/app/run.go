package app

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"os"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"

	"github.com/vidhost/vidhost/pkg/admin"
	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/grpcx"
	"github.com/vidhost/vidhost/pkg/lifecycle"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/netguard"
	"github.com/vidhost/vidhost/pkg/secrets"
	"github.com/vidhost/vidhost/services/live/internal/ingest"
	"github.com/vidhost/vidhost/services/live/internal/reports"
	"github.com/vidhost/vidhost/services/live/internal/restream"
	"github.com/vidhost/vidhost/services/live/internal/srt"
)

// Run starts the live service and serves until ctx is done, then ends every
// run (reporting each) and shuts down in reverse order of start-up.
func Run(ctx context.Context, cfg Config, logger *slog.Logger, opts Options) error {
	if err := cfg.Validate(); err != nil {
		return fmt.Errorf("live: %w", err)
	}
	return lifecycle.Run(ctx, logger, lifecycle.ShutdownTimeout, func(stack *lifecycle.Stack) error {
		return start(ctx, cfg, logger, opts, stack)
	})
}

func start(ctx context.Context, cfg Config, logger *slog.Logger, opts Options, stack *lifecycle.Stack) error {
	if err := os.MkdirAll(cfg.WorkDir, 0o750); err != nil {
		return fmt.Errorf("live: %w", err)
	}
	// It publishes its reports to MEDIA.
	js, err := natsx.StartJetStream(ctx, cfg.NATSClient(natsx.ServiceLive), logger, stack, natsx.StreamMedia)
	if err != nil {
		return fmt.Errorf("live: %w", err)
	}
	store, err := blob.Open(ctx, cfg.Blob.Config())
	if err != nil {
		return fmt.Errorf("live: %w", err)
	}
	conn, err := grpcx.Dial(cfg.CatalogAddr, grpcx.CallerCredentials(secrets.MustRoot(cfg.InternalSecret), grpcx.Live))
	if err != nil {
		return fmt.Errorf("live: catalog: %w", err)
	}
	// Close the catalog connection once no publisher can be checked any more.
	stack.Push("catalog connection", func(context.Context) error { return conn.Close() })
	lis := opts.RTMPListener
	if lis == nil {
		if lis, err = net.Listen("tcp", cfg.RTMPAddr); err != nil {
			return fmt.Errorf("live: rtmp: %w", err)
		}
	}
	srtLis, err := listenSRT(cfg, opts, logger)
	if err != nil {
		_ = lis.Close()
		return fmt.Errorf("live: srt: %w", err)
	}
	origin, err := startOrigin(ctx, cfg, opts, logger, stack)
	if err != nil {
		_ = lis.Close()
		if srtLis != nil {
			_ = srtLis.Close()
		}
		return fmt.Errorf("live: %w", err)
	}
	catalog := catalogv1.NewCatalogServiceClient(conn)
	// Outputs' states go to the catalog until the runs have ended (the
	// reporter stops before the connection closes).
	statuses := newStatusReporter(catalog, logger)
	statuses.start(stack)
	ingestCfg := ingest.Config{FFmpeg: cfg.FFmpeg, WorkDir: cfg.WorkDir, Store: store,
		StallTimeout: cfg.StallTimeout, ReconnectWindow: cfg.ReconnectWindow, Logger: logger,
		Restream:       restream.Config{Allow: netguard.PublicOr(nil, cfg.RestreamAllowLoopback)},
		RestreamStatus: statuses.report}
	if origin != nil {
		ingestCfg.LowLatency, ingestCfg.LowLatencyOrigin = origin.streams, origin.url
	}
	srv := ingest.NewServer(ingestCfg,
		keyChecker{client: catalog, allowLoopback: cfg.RestreamAllowLoopback, logger: logger}, reports.New(js))
	// Ready once the ports take publishers, until shutdown begins.
	admin.AddServingCheck(ctx, "rtmp", func(context.Context) error { return context.Cause(ctx) })
	// WHIP publishers are admitted by the same server (off unless configured).
	if err := startWHIP(ctx, cfg.WHIP, opts, cfg.FFmpeg, srv.WHIP(ctx), logger, stack); err != nil {
		_ = lis.Close()
		if srtLis != nil {
			_ = srtLis.Close()
		}
		return fmt.Errorf("live: %w", err)
	}
	if srtLis == nil {
		logger.Info("live serving", "rtmp", lis.Addr().String())
		// Serve returns once every run has ended and reported.
		return srv.Serve(ctx, lis)
	}
	logger.Info("live serving", "rtmp", lis.Addr().String(), "srt", srtLis.Addr().String())
	return srv.Serve(ctx, lis, srtLis)
}

// listenSRT opens the SRT port, or returns nil when SRT is off or this
// build has none (logged: the catalog may still show an SRT URL).
func listenSRT(cfg Config, opts Options, logger *slog.Logger) (*srt.Listener, error) {
	switch {
	case opts.SRTListener != nil:
		return opts.SRTListener, nil
	case cfg.SRTAddr == "":
		logger.Info("srt ingest off (VIDHOST_LIVE_SRT_ADDR is empty)")
		return nil, nil
	case !srt.Available:
		logger.Warn("srt ingest disabled: this build has no libsrt (built without cgo or with the nosrt tag)")
		return nil, nil
	}
	return srt.Listen(cfg.SRTAddr, srt.Options{Latency: cfg.SRTLatency}, nil)
}
