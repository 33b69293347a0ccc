package app

import (
	"errors"
	"fmt"
	"net/url"
	"time"

	"github.com/vidhost/vidhost/gateway/internal/middleware"
	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/config"
	"github.com/vidhost/vidhost/pkg/secrets"
)

// Config is the gateway's configuration, from VIDHOST_* variables over the
// defaults in the tags (pkg/config). Run gives the fields left zero in a
// Config built in code (tests, the playback bench) those defaults too
// (config.WithDefaults).
type Config struct {
	// Common is the bus, the log and the root secret, which signs the
	// principal forwarded to the services (required).
	config.Common
	HTTPAddr string `env:"VIDHOST_HTTP_ADDR" envDefault:"127.0.0.1:8080"`
	// PublicURL is the base of links.next ("https://videos.example.com");
	// empty means "http://" + the listening address.
	PublicURL    string `env:"VIDHOST_PUBLIC_URL"`
	IdentityAddr string `env:"VIDHOST_IDENTITY_ADDR" envDefault:"127.0.0.1:9101"`
	CatalogAddr  string `env:"VIDHOST_CATALOG_ADDR" envDefault:"127.0.0.1:9102"`
	UploadAddr   string `env:"VIDHOST_UPLOAD_ADDR" envDefault:"127.0.0.1:9103"`
	// UploadTusURL is the upload service's HTTP server, which the resumable
	// (tus) uploads under /v2/uploads/tus/ are proxied to.
	UploadTusURL string `env:"VIDHOST_UPLOAD_TUS_URL" envDefault:"http://127.0.0.1:9113"`
	// LiveWHIPURL is the live service's WHIP listener (its
	// VIDHOST_LIVE_WHIP_ADDR, as an origin: http://127.0.0.1:8889), which
	// /v2/videos/{video_id}/whip is forwarded to; empty answers those
	// routes 404 (docs/live.md, "Going live from the browser").
	LiveWHIPURL string `env:"VIDHOST_LIVE_WHIP_URL"`
	// HooksAddr is the hooks service: /v2/services and /v2/hooks.
	HooksAddr string `env:"VIDHOST_HOOKS_ADDR" envDefault:"127.0.0.1:9106"`
	// AnalyticsAddr is the analytics service (views reports).
	AnalyticsAddr string `env:"VIDHOST_ANALYTICS_ADDR" envDefault:"127.0.0.1:9107"`
	// Blob is the object store; with the local driver the gateway serves
	// its signed URLs under /blob/.
	Blob blob.Settings

	// MediaBaseURL starts the media URLs the playback edge hands to players
	// (<base>/<video_id>/<path>); empty means PublicURL + "/media". Give the
	// catalog the same value (docs/playback.md).
	MediaBaseURL string `env:"VIDHOST_MEDIA_BASE_URL"`
	// MediaTokenSecret signs the media tokens of private videos (at least 32
	// bytes); empty derives one from InternalSecret. Replicas must agree.
	MediaTokenSecret string        `env:"VIDHOST_MEDIA_TOKEN_SECRET" secret:"true"`
	MediaTokenTTL    time.Duration `env:"VIDHOST_MEDIA_TOKEN_TTL" envDefault:"4h"`
	// PlaybackCacheTTL bounds how long the edge reuses video, player and JWT
	// key lookups: disabling a video takes effect within it.
	PlaybackCacheTTL time.Duration `env:"VIDHOST_PLAYBACK_CACHE_TTL" envDefault:"3s"`
	// ViewerJWTMaxLifetime caps exp - max(iat, now) of a viewer JWT: longer
	// ones are refused (docs/playback.md).
	ViewerJWTMaxLifetime time.Duration `env:"VIDHOST_VIEWER_JWT_MAX_LIFETIME" envDefault:"24h"`

	// GeoIPDB is the MaxMind-format country database the playback edge
	// resolves viewers' countries with (docs/analytics.md); empty reports
	// every country as unknown. `make geoip` fetches one into
	// deploy/geoip/node_modules.
	GeoIPDB string `env:"VIDHOST_GEOIP_DB"`

	// DatabaseURL is the PostgreSQL the gateway keeps Idempotency-Key
	// records in (docs/idempotency.md), in schema DBSchema; empty turns the
	// header off (requests run as if it were not sent) with a warning.
	DatabaseURL string `env:"VIDHOST_DATABASE_URL" secret:"true"`
	DBSchema    string `env:"VIDHOST_GATEWAY_DB_SCHEMA" envDefault:"gateway"`

	// BodyLimit is the largest /v2 request body, in bytes.
	BodyLimit     int64         `env:"VIDHOST_BODY_LIMIT" envDefault:"1048576"`
	AuthCacheTTL  time.Duration `env:"VIDHOST_AUTH_CACHE_TTL" envDefault:"10s"`
	AuthCacheSize int           `env:"VIDHOST_AUTH_CACHE_SIZE" envDefault:"10000"`
	// TrustedProxies lists addresses or CIDR prefixes of reverse proxies whose
	// X-Forwarded-For is believed; from anyone else it is ignored.
	TrustedProxies    []string      `env:"VIDHOST_TRUSTED_PROXIES" envSeparator:","`
	RequestTimeout    time.Duration `env:"VIDHOST_REQUEST_TIMEOUT" envDefault:"30s"`
	ReadHeaderTimeout time.Duration `env:"VIDHOST_HTTP_READ_HEADER_TIMEOUT" envDefault:"5s"`
	IdleTimeout       time.Duration `env:"VIDHOST_HTTP_IDLE_TIMEOUT" envDefault:"120s"`
	ShutdownTimeout   time.Duration `env:"VIDHOST_SHUTDOWN_TIMEOUT" envDefault:"15s"`
	// MediaAccessLog is which /media requests the access log keeps: off,
	// sample (MediaAccessLogSampleRate of them) or all. Every other path,
	// /v2 included, is always logged.
	MediaAccessLog           string  `env:"VIDHOST_MEDIA_ACCESS_LOG" envDefault:"off"`
	MediaAccessLogSampleRate float64 `env:"VIDHOST_MEDIA_ACCESS_LOG_SAMPLE_RATE" envDefault:"0.01"`
}

// Validate reports missing or impossible settings before anything starts.
func (c Config) Validate() error {
	if err := secrets.Check("VIDHOST_INTERNAL_SECRET", c.InternalSecret); err != nil {
		return err
	}
	if c.BodyLimit <= 0 || c.AuthCacheTTL <= 0 || c.AuthCacheSize <= 0 || c.RequestTimeout <= 0 {
		return errors.New("VIDHOST_BODY_LIMIT, VIDHOST_AUTH_CACHE_TTL, VIDHOST_AUTH_CACHE_SIZE and VIDHOST_REQUEST_TIMEOUT must be positive")
	}
	if _, err := middleware.ParseAccessLogMode(c.MediaAccessLog); err != nil {
		return fmt.Errorf("VIDHOST_MEDIA_ACCESS_LOG: %w", err)
	}
	if c.MediaAccessLogSampleRate <= 0 || c.MediaAccessLogSampleRate > 1 {
		return errors.New("VIDHOST_MEDIA_ACCESS_LOG_SAMPLE_RATE must be above 0 and at most 1")
	}
	if err := c.validatePlayback(); err != nil {
		return err
	}
	if c.LiveWHIPURL != "" {
		if _, err := parseWHIPURL(c.LiveWHIPURL); err != nil {
			return err
		}
	}
	if c.PublicURL != "" {
		u, err := url.Parse(c.PublicURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" {
			return fmt.Errorf("VIDHOST_PUBLIC_URL %q must be an absolute http(s) URL without a query", c.PublicURL)
		}
	}
	return nil
}
