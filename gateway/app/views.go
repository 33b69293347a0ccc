package app

import (
	"context"
	"fmt"
	"log/slog"
	"sync"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/vidhost/vidhost/gateway/internal/beacons"
	"github.com/vidhost/vidhost/pkg/lifecycle"
	"github.com/vidhost/vidhost/pkg/natsx"
)

// startViews ensures the VIEWS stream, opens the country database and
// starts the publisher of the playback edge's view events
// (docs/analytics.md). Shutdown flushes the events still queued.
func startViews(ctx context.Context, cfg Config, js jetstream.JetStream, logger *slog.Logger, stack *lifecycle.Stack) (*beacons.Publisher, *beacons.Countries, error) {
	if err := natsx.EnsureStreams(ctx, js, natsx.WithReplicas([]jetstream.StreamConfig{natsx.StreamViews}, cfg.NATS.Replicas)...); err != nil {
		return nil, nil, fmt.Errorf("gateway: views stream: %w", err)
	}
	var countries *beacons.Countries
	if cfg.GeoIPDB == "" {
		logger.Warn("analytics: no VIDHOST_GEOIP_DB, every view's country is unknown")
	} else {
		var err error
		if countries, err = beacons.OpenCountries(cfg.GeoIPDB); err != nil {
			return nil, nil, fmt.Errorf("gateway: %w", err)
		}
		// Close the country database, after the publisher has stopped.
		stack.Push("close country database", func(context.Context) error { return countries.Close() })
	}
	publisher := beacons.NewPublisher(js, logger)
	runCtx, stop := context.WithCancel(context.WithoutCancel(ctx))
	var wg sync.WaitGroup
	wg.Go(func() { publisher.Run(runCtx) })
	// Flush the queued view events before NATS closes.
	stack.Push("flush view events", func(context.Context) error { stop(); wg.Wait(); return nil })
	return publisher, countries, nil
}
