package stack

import (
	"context"
	"fmt"
	"net"
	"time"

	gatewayapp "github.com/vidhost/vidhost/gateway/app"
	"github.com/vidhost/vidhost/pkg/config"
	catalogapp "github.com/vidhost/vidhost/services/catalog/app"
	identityapp "github.com/vidhost/vidhost/services/identity/app"
)

// startTimeout bounds how long a service may take to become ready.
const startTimeout = 60 * time.Second

// startServices runs identity, upload, catalog, live, hooks, analytics, the transcode
// workers and the gateway, each on its own loopback listener, and waits
// until the gateway is healthy.
func (s *Stack) startServices(ctx context.Context) error {
	// The gateway's address comes first: the other services hand out URLs
	// that point at it (signed upload URLs, media).
	gatewayLis, err := s.gatewayListener()
	if err != nil {
		return err
	}
	s.stack.Push("gateway listener", func(context.Context) error { _ = gatewayLis.Close(); return nil })
	identityAddr, boot, err := s.startIdentity()
	if err != nil {
		return err
	}
	s.IdentityAddr = identityAddr
	upload, err := s.startUpload()
	if err != nil {
		return err
	}
	// The RTMP and SRT ports come before the catalog, which hands their
	// URLs out; the live service after, as it checks keys with it.
	rtmpLis, err := s.listenRTMP()
	if err != nil {
		return err
	}
	srtLis, err := s.listenSRT()
	if err != nil {
		_ = rtmpLis.Close()
		return err
	}
	if err := s.checkTranscribes(); err != nil {
		return err
	}
	catalogAddr, err := s.startCatalog(upload.grpc)
	if err != nil {
		return err
	}
	httpLis, err := s.listenLiveHTTP()
	if err != nil {
		liveListeners{rtmp: rtmpLis, srt: srtLis}.close()
		return err
	}
	whipLis, err := s.listenWHIP()
	if err != nil {
		liveListeners{rtmp: rtmpLis, srt: srtLis, http: httpLis}.close()
		return err
	}
	if err := s.startLive(liveListeners{rtmp: rtmpLis, srt: srtLis, http: httpLis, whip: whipLis}, catalogAddr); err != nil {
		return err
	}
	hooksAddr, err := s.startHooks()
	if err != nil {
		return err
	}
	analyticsAddr, err := s.startAnalytics()
	if err != nil {
		return err
	}
	for worker := range s.cfg.TranscodeWorkers {
		if err := s.startTranscode(worker); err != nil {
			return err
		}
	}
	select {
	case b := <-boot:
		if s.Credentials, err = s.credentials(b); err != nil {
			return err
		}
	case err := <-s.failed:
		return err
	case <-time.After(startTimeout):
		return fmt.Errorf("identity did not finish bootstrapping within %s", startTimeout)
	case <-ctx.Done():
		return ctx.Err()
	}
	return s.startGateway(ctx, gatewayLis, backendAddrs{identityAddr, catalogAddr, upload.grpc, upload.tus, hooksAddr, analyticsAddr})
}

// gatewayListener is the public listener vidhost-server opened, or a
// new one on HTTPAddr for the devstack; it sets the URL the suite hands out.
func (s *Stack) gatewayListener() (net.Listener, error) {
	if s.production() {
		s.URL = s.prod.PublicURL
		return s.prod.Listener, nil
	}
	lis, err := net.Listen("tcp", s.cfg.HTTPAddr)
	if err != nil {
		return nil, fmt.Errorf("gateway address %s: %w", s.cfg.HTTPAddr, err)
	}
	s.URL = "http://" + lis.Addr().String()
	return lis, nil
}

// backendAddrs are where the gateway finds the services.
type backendAddrs struct {
	identity, catalog, upload, uploadTus, hooks, analytics string
}

func (s *Stack) startIdentity() (string, <-chan identityapp.Bootstrap, error) {
	var cfg identityapp.Config
	if err := config.Load(&cfg); err != nil {
		return "", nil, err
	}
	cfg.DatabaseURL, cfg.NATSURL, cfg.InternalSecret, cfg.LogLevel = s.db.forService("identity"), s.natsURL, s.secret, s.cfg.LogLevel
	// Invite and notification emails link the stack's gateway.
	cfg.PublicURL = s.URL
	if !s.production() {
		// Mail goes to the stack's Mailpit; user, password and from keep the environment's values.
		cfg.SMTP.Host, cfg.SMTP.Port = s.mailpit.SMTPHost, s.mailpit.SMTPPort
		// Single sign-on's test provider runs on this machine over http.
		cfg.SSOAllowLoopbackIssuers = true
	}
	lis, err := loopback()
	if err != nil {
		return "", nil, err
	}
	boot := make(chan identityapp.Bootstrap, 1)
	opts := identityapp.Options{Listener: lis, OnBootstrap: func(b identityapp.Bootstrap) { boot <- b }}
	s.run("identity", func(ctx context.Context) error {
		return identityapp.Run(ctx, cfg, s.serviceLogger("identity"), opts)
	})
	return lis.Addr().String(), boot, nil
}

func (s *Stack) startCatalog(uploadAddr string) (string, error) {
	var cfg catalogapp.Config
	if err := config.Load(&cfg); err != nil {
		return "", err
	}
	cfg.DatabaseURL, cfg.NATSURL, cfg.InternalSecret, cfg.LogLevel = s.db.forService("catalog"), s.natsURL, s.secret, s.cfg.LogLevel
	cfg.UploadAddr, cfg.MediaBaseURL = uploadAddr, s.URL+"/media"
	cfg.LiveRTMPURL, cfg.LiveSRTURL = s.LiveRTMPURL, s.LiveSRTURL
	cfg.RestreamAllowLoopback = restreamAllowLoopback()
	cfg.Blob = s.blobSettings()
	if s.TranscribesOff != nil {
		cfg.TranscribeEngine = "off" // refused at once, not queued for no worker
	}
	lis, err := loopback()
	if err != nil {
		return "", err
	}
	s.run("catalog", func(ctx context.Context) error {
		return catalogapp.Run(ctx, cfg, s.serviceLogger("catalog"), catalogapp.Options{Listener: lis})
	})
	return lis.Addr().String(), nil
}

func (s *Stack) startGateway(ctx context.Context, lis net.Listener, addrs backendAddrs) error {
	var cfg gatewayapp.Config
	if err := config.Load(&cfg); err != nil {
		return err
	}
	cfg.HTTPAddr, cfg.PublicURL = lis.Addr().String(), s.URL
	cfg.IdentityAddr, cfg.CatalogAddr, cfg.UploadAddr = addrs.identity, addrs.catalog, addrs.upload
	cfg.UploadTusURL = "http://" + addrs.uploadTus
	cfg.HooksAddr, cfg.AnalyticsAddr = addrs.hooks, addrs.analytics
	cfg.LiveWHIPURL = s.liveWHIPURL // empty: WHIP off
	cfg.Blob = s.blobSettings()
	cfg.NATSURL, cfg.InternalSecret, cfg.LogLevel = s.natsURL, s.secret, s.cfg.LogLevel
	cfg.DatabaseURL = s.db.forService("gateway") // Idempotency-Key records
	if cfg.GeoIPDB == "" && !s.production() {
		cfg.GeoIPDB = devGeoIPDB()
	}
	s.run("gateway", func(ctx context.Context) error {
		return gatewayapp.Run(ctx, cfg, s.serviceLogger("gateway"), gatewayapp.Options{Listener: lis})
	})
	return s.waitHealthy(ctx)
}
