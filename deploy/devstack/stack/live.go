package stack

import (
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"

	"github.com/vidhost/vidhost/pkg/config"
	liveapp "github.com/vidhost/vidhost/services/live/app"
)

// listenRTMP opens the live service's RTMP port and sets LiveRTMPURL.
func (s *Stack) listenRTMP() (net.Listener, error) {
	addr := s.cfg.LiveRTMPAddr
	if addr == "" { // a Config built in code (benchmarks): a free loopback port
		addr = "127.0.0.1:0"
	}
	lis, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("live RTMP address %s: %w", addr, err)
	}
	s.LiveRTMPURL = "rtmp://" + lis.Addr().String() + "/live"
	return lis, nil
}

// startLive runs the live service on lis (docs/live.md); it checks stream
// keys with the catalog at catalogAddr.
func (s *Stack) startLive(lis net.Listener, catalogAddr string) error {
	var cfg liveapp.Config
	if err := config.Load(&cfg); err != nil {
		_ = lis.Close()
		return err
	}
	cfg.NATSURL, cfg.InternalSecret, cfg.LogLevel, cfg.CatalogAddr = s.natsURL, s.secret, s.cfg.LogLevel, catalogAddr
	cfg.Blob = s.blobSettings()
	if cfg.WorkDir == "" {
		cfg.WorkDir = filepath.Join(s.varDir, "live")
	}
	if err := os.MkdirAll(cfg.WorkDir, 0o750); err != nil {
		_ = lis.Close()
		return err
	}
	s.run("live", func(ctx context.Context) error {
		return liveapp.Run(ctx, cfg, s.serviceLogger("live"), liveapp.Options{RTMPListener: lis})
	})
	return nil
}
