package stack

import (
	"context"
	"os"
	"path/filepath"
	"strconv"

	"github.com/vidhost/vidhost/pkg/config"
	transcodeapp "github.com/vidhost/vidhost/services/transcode/app"
)

// startTranscode runs transcode worker number n. Source URLs on this machine
// (a file served on loopback, say) are allowed: the devstack is for local
// testing, and SSRF protection matters where the fetcher can reach a
// private network that users cannot (VIDHOST_FETCH_ALLOW_PRIVATE=false on
// real deployments, the default).
func (s *Stack) startTranscode(n int) error {
	var cfg transcodeapp.Config
	if err := config.Load(&cfg); err != nil {
		return err
	}
	cfg.NATSURL, cfg.InternalSecret, cfg.LogLevel = s.natsURL, s.secret, s.cfg.LogLevel
	cfg.Blob = s.blobSettings()
	if os.Getenv("VIDHOST_FETCH_ALLOW_PRIVATE") == "" {
		cfg.FetchAllowPrivate = true
	}
	if cfg.WorkDir == "" {
		cfg.WorkDir = filepath.Join(s.varDir, "transcode", strconv.Itoa(n))
	}
	if err := os.MkdirAll(cfg.WorkDir, 0o755); err != nil {
		return err
	}
	lis, err := loopback()
	if err != nil {
		return err
	}
	s.run("transcode "+strconv.Itoa(n), func(ctx context.Context) error {
		return transcodeapp.Run(ctx, cfg, s.serviceLogger("transcode"), transcodeapp.Options{Listener: lis})
	})
	return nil
}
