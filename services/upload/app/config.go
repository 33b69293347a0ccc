package app

import (
	"errors"
	"net"
	"time"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/config"
	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/pkg/secrets"
	"github.com/vidhost/vidhost/services/upload/internal/upload"
	"github.com/vidhost/vidhost/services/upload/migrations"
)

// Config is the upload service's configuration, loaded from VIDHOST_*
// environment variables over the defaults below (pkg/config).
type Config struct {
	// Common is the bus upload.completed goes to, the log and the root secret
	// (required, at least 32 bytes) the callers' keys derive from: it verifies
	// the calls the gateway and the catalog sign, over gRPC and on the tus
	// endpoint.
	config.Common
	// GRPCAddr is where the gRPC server listens (Options.Listener overrides it).
	GRPCAddr string `env:"VIDHOST_UPLOAD_GRPC_ADDR" envDefault:"127.0.0.1:9103"`
	// HTTPAddr serves the tus endpoint at /v2/uploads/tus/, which the
	// gateway proxies (Options.HTTPListener overrides it).
	HTTPAddr string `env:"VIDHOST_UPLOAD_HTTP_ADDR" envDefault:"127.0.0.1:9113"`
	// DatabaseURL is a PostgreSQL connection URL (required).
	DatabaseURL string `env:"VIDHOST_DATABASE_URL" secret:"true"`
	// DBSchema is the schema the service owns; migrations are applied to it.
	DBSchema string `env:"VIDHOST_UPLOAD_DB_SCHEMA" envDefault:"upload"`
	// PublicURL is the gateway's public URL: the start of tus upload URLs,
	// and of the local driver's presigned URLs when Blob.PublicURL is empty.
	PublicURL string `env:"VIDHOST_PUBLIC_URL"`
	// URLTTL is the lifetime of a presigned PUT URL.
	URLTTL time.Duration `env:"VIDHOST_UPLOAD_URL_TTL" envDefault:"15m"`
	// TusTTL is how long a tus upload may take to complete.
	TusTTL time.Duration `env:"VIDHOST_UPLOAD_TUS_TTL" envDefault:"24h"`
	// Retention is how long records and unreferenced files are kept.
	Retention time.Duration `env:"VIDHOST_UPLOAD_RETENTION" envDefault:"168h"`
	// SweepInterval is the pause between the sweeper's passes.
	SweepInterval time.Duration `env:"VIDHOST_UPLOAD_SWEEP_INTERVAL" envDefault:"5m"`
	// TusDir stages tus uploads with the local driver; empty means
	// <VIDHOST_BLOB_DIR>/.tus (never a blob key: keys cannot start with ".").
	TusDir string `env:"VIDHOST_UPLOAD_TUS_DIR"`
	// Defaults for accounts without settings of their own.
	UploadsEnabled bool  `env:"VIDHOST_UPLOAD_ENABLED" envDefault:"true"`
	MaxFileBytes   int64 `env:"VIDHOST_UPLOAD_MAX_FILE_BYTES" envDefault:"10737418240"` // 10 GiB
	// QuotaBytes caps every plan's upload quota (pkg/plans), for a host
	// with less storage than the plans promise; 0, the default, caps none.
	// An account's own quota_bytes (SetAccountSettings) overrides both.
	QuotaBytes    int64 `env:"VIDHOST_UPLOAD_QUOTA_BYTES" envDefault:"0"`
	MaxConcurrent int32 `env:"VIDHOST_UPLOAD_MAX_CONCURRENT" envDefault:"10"`
	Blob          BlobConfig
}

// Options are the in-process hooks of Run.
type Options struct {
	// Listener, if set, is served instead of listening on Config.GRPCAddr;
	// tests and the devstack pass one on port 0. Run closes it.
	Listener net.Listener
	// HTTPListener, if set, serves the tus endpoint instead of listening
	// on Config.HTTPAddr. Run closes it.
	HTTPListener net.Listener
	// Ready, if set, is called with the gRPC address once both servers
	// accept requests.
	Ready func(addr string)
}

// Validate reports missing or contradictory settings before anything starts.
func (c Config) Validate() error {
	var errs []error
	if c.DatabaseURL == "" {
		errs = append(errs, errors.New("VIDHOST_DATABASE_URL must be set"))
	}
	if c.DBSchema == "" {
		errs = append(errs, errors.New("VIDHOST_UPLOAD_DB_SCHEMA must not be empty"))
	}
	if err := secrets.Check("VIDHOST_INTERNAL_SECRET", c.InternalSecret); err != nil {
		errs = append(errs, err)
	}
	if c.SweepInterval <= 0 {
		errs = append(errs, errors.New("VIDHOST_UPLOAD_SWEEP_INTERVAL must be positive"))
	}
	errs = append(errs, c.domainOptions().Validate(), c.Blob.Validate(true, c.PublicURL))
	return errors.Join(errs...)
}

// domainOptions are the domain's durations and default limits.
func (c Config) domainOptions() upload.Options {
	return upload.Options{
		URLTTL: c.URLTTL, TusTTL: c.TusTTL, Retention: c.Retention,
		Defaults: upload.Settings{
			UploadsEnabled: c.UploadsEnabled, MaxFileBytes: c.MaxFileBytes,
			QuotaBytes: c.QuotaBytes, MaxConcurrent: c.MaxConcurrent,
		},
	}
}

// blobConfig is the blob store's configuration, with the gateway's public
// URL standing in for a missing VIDHOST_BLOB_PUBLIC_URL.
func (c Config) blobConfig() blob.Config {
	cfg := c.Blob.Config()
	if cfg.PublicBaseURL == "" {
		cfg.PublicBaseURL = c.PublicURL
	}
	return cfg
}

// database is where the service's tables live, with its migrations.
func database(cfg Config) outbox.Database {
	return outbox.Database{URL: cfg.DatabaseURL, Schema: cfg.DBSchema, Migrations: migrations.FS}
}
