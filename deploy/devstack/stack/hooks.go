package stack

import (
	"context"
	"os"

	"github.com/vidhost/vidhost/pkg/config"
	hooksapp "github.com/vidhost/vidhost/services/hooks/app"
)

// startHooks runs the hooks service, reading the stack's blob store.
// Services saved on the devstack may point at this machine over plain HTTP, so local receivers work
// (VIDHOST_HOOKS_ALLOW_HTTP=false or VIDHOST_HOOKS_ALLOW_LOOPBACK=false turn
// that off); private and link-local addresses stay refused.
func (s *Stack) startHooks() (string, error) {
	var cfg hooksapp.Config
	if err := config.Load(&cfg); err != nil {
		return "", err
	}
	cfg.DatabaseURL, cfg.NATSURL, cfg.InternalSecret, cfg.LogLevel = s.db.forService("hooks"), s.natsURL, s.secret, s.cfg.LogLevel
	// The vidhost and s3 actions read the videos' files and sign URLs of
	// them, as the catalog does.
	cfg.Blob, cfg.PublicURL = s.blobSettings(), s.URL
	if os.Getenv("VIDHOST_HOOKS_ALLOW_HTTP") == "" {
		cfg.AllowHTTPURLs = true
	}
	if os.Getenv("VIDHOST_HOOKS_ALLOW_LOOPBACK") == "" {
		cfg.AllowLoopback = true
	}
	lis, err := loopback()
	if err != nil {
		return "", err
	}
	s.run("hooks", func(ctx context.Context) error {
		return hooksapp.Run(ctx, cfg, s.serviceLogger("hooks"), hooksapp.Options{Listener: lis})
	})
	return lis.Addr().String(), nil
}
