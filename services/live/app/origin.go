package app

import (
	"context"
	"fmt"
	"log/slog"
	"net"

	"github.com/vidhost/vidhost/pkg/grpcx"
	"github.com/vidhost/vidhost/pkg/lifecycle"
	"github.com/vidhost/vidhost/pkg/secrets"
	"github.com/vidhost/vidhost/services/live/internal/origin"
)

// lowLatencyOrigin is the running internal HTTP listener of LL-HLS.
type lowLatencyOrigin struct {
	streams *origin.Registry
	url     string // how the gateway reaches it
}

// startOrigin opens the internal HTTP listener that serves the runs'
// LL-HLS streams to the gateway's edge, or returns nil when
// VIDHOST_LIVE_HTTP_ADDR is empty. It stops after the runs have ended
// (pushed on the stack before them), so their viewers read the end.
func startOrigin(ctx context.Context, cfg Config, opts Options, logger *slog.Logger, stack *lifecycle.Stack) (*lowLatencyOrigin, error) {
	lis := opts.HTTPListener
	if lis == nil {
		if cfg.HTTPAddr == "" {
			logger.Info("low-latency HLS off (VIDHOST_LIVE_HTTP_ADDR is empty)")
			return nil, nil
		}
		var err error
		if lis, err = net.Listen("tcp", cfg.HTTPAddr); err != nil {
			return nil, fmt.Errorf("http: %w", err)
		}
	}
	url, err := cfg.originURL(lis.Addr())
	if err != nil {
		_ = lis.Close()
		return nil, err
	}
	streams := origin.NewRegistry()
	// Only the gateway's edge calls it, signed with the gateway's key.
	gatewayKey := secrets.MustRoot(cfg.InternalSecret).Derive(secrets.InternalCall(grpcx.Gateway))
	handler := origin.NewHandler(streams, gatewayKey, 0, logger)
	serveCtx, stop := context.WithCancel(context.WithoutCancel(ctx))
	served := make(chan error, 1)
	go func() { served <- origin.Serve(serveCtx, lis, handler) }()
	// Stop the LL-HLS listener once the runs have ended.
	stack.Push("low-latency HLS listener", func(context.Context) error {
		stop()
		return <-served
	})
	logger.Info("low-latency HLS serving", "http", lis.Addr().String(), "url", url)
	return &lowLatencyOrigin{streams: streams, url: url}, nil
}
