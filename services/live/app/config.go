package app

import (
	"errors"
	"net"
	"time"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/secrets"
)

// Config is the live service's configuration, loaded from VIDHOST_*
// environment variables over the defaults below (pkg/config).
type Config struct {
	// RTMPAddr is where publishers connect. The catalog's
	// VIDHOST_LIVE_RTMP_URL must name this port as publishers reach it.
	RTMPAddr string `env:"VIDHOST_LIVE_RTMP_ADDR" envDefault:"127.0.0.1:1935"`
	// CatalogAddr is the catalog, which checks stream keys.
	CatalogAddr string `env:"VIDHOST_CATALOG_ADDR" envDefault:"127.0.0.1:9102"`
	// NATSURL is the NATS server the reports go to.
	NATSURL string `env:"VIDHOST_NATS_URL" envDefault:"nats://127.0.0.1:4222"`
	// NATS is how the service signs in to NATS (docs/security-bus.md).
	NATS natsx.Settings
	// InternalSecret is the root secret (required): the service's caller
	// key and NATS user derive from it.
	InternalSecret string `env:"VIDHOST_INTERNAL_SECRET" secret:"true"`
	// Blob is the store the edge serves /media from.
	Blob blob.Settings
	// WorkDir holds each live run's files while it lasts (required).
	WorkDir string `env:"VIDHOST_LIVE_WORK_DIR"`
	// FFmpeg is the tool's name or path.
	FFmpeg string `env:"VIDHOST_FFMPEG" envDefault:"ffmpeg"`
	// StallTimeout ends a run whose publisher sends nothing for this long.
	StallTimeout time.Duration `env:"VIDHOST_LIVE_STALL_TIMEOUT" envDefault:"10s"`
	// ReconnectWindow is how long an event whose publisher left stays live,
	// waiting for it to come back and continue the same stream; 0 ends the
	// event at once.
	ReconnectWindow time.Duration `env:"VIDHOST_LIVE_RECONNECT_WINDOW" envDefault:"60s"`
	LogLevel        string        `env:"VIDHOST_LOG_LEVEL" envDefault:"info"`
	LogFormat       string        `env:"VIDHOST_LOG_FORMAT" envDefault:"text"`
}

// Validate reports missing required settings before anything starts.
func (c Config) Validate() error {
	var errs []error
	if err := secrets.Check("VIDHOST_INTERNAL_SECRET", c.InternalSecret); err != nil {
		errs = append(errs, err)
	}
	if c.WorkDir == "" {
		errs = append(errs, errors.New("VIDHOST_LIVE_WORK_DIR must be set"))
	}
	if c.ReconnectWindow < 0 {
		errs = append(errs, errors.New("VIDHOST_LIVE_RECONNECT_WINDOW must not be negative"))
	}
	if c.StallTimeout <= 0 {
		errs = append(errs, errors.New("VIDHOST_LIVE_STALL_TIMEOUT must be positive"))
	}
	errs = append(errs, c.Blob.Validate(false, ""))
	return errors.Join(errs...)
}

// Options are the in-process hooks of Run.
type Options struct {
	// RTMPListener, if set, is served instead of listening on RTMPAddr;
	// tests and the devstack pass one on a free port. Run closes it.
	RTMPListener net.Listener
}

func natsClient(cfg Config) natsx.Client {
	return natsx.Client{URL: cfg.NATSURL, Service: natsx.ServiceLive, Secret: cfg.InternalSecret, Settings: cfg.NATS}
}
