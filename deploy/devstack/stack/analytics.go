package stack

import (
	"context"

	analyticsapp "github.com/vidhost/vidhost/services/analytics/app"

	"github.com/vidhost/vidhost/pkg/config"
)

// startAnalytics runs the analytics service, which stores the playback
// edge's view events (docs/analytics.md).
func (s *Stack) startAnalytics() (string, error) {
	var cfg analyticsapp.Config
	if err := config.Load(&cfg); err != nil {
		return "", err
	}
	cfg.DatabaseURL, cfg.NATSURL, cfg.InternalSecret, cfg.LogLevel = s.db.forService("analytics"), s.natsURL, s.secret, s.cfg.LogLevel
	lis, err := loopback()
	if err != nil {
		return "", err
	}
	s.run("analytics", func(ctx context.Context) error {
		return analyticsapp.Run(ctx, cfg, s.serviceLogger("analytics"), analyticsapp.Options{Listener: lis})
	})
	return lis.Addr().String(), nil
}
