package app

import (
	"errors"
	"net"
	"time"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/config"
	"github.com/vidhost/vidhost/pkg/netguard"
	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/pkg/secrets"
	"github.com/vidhost/vidhost/services/hooks/internal/delivery"
	"github.com/vidhost/vidhost/services/hooks/migrations"
)

// Config is the hooks service's configuration, loaded from VIDHOST_*
// environment variables over the defaults below (pkg/config).
type Config struct {
	// Common is the bus the events are published to, the log and the root
	// secret (required, at least 32 bytes): the gateway's call key and the key
	// that encrypts services' credentials at rest derive from it. Rotating it
	// makes stored credentials unreadable (docs/services.md).
	config.Common
	// GRPCAddr is where the gRPC server listens (Options.Listener overrides it).
	GRPCAddr string `env:"VIDHOST_HOOKS_GRPC_ADDR" envDefault:"127.0.0.1:9106"`
	// DatabaseURL is a PostgreSQL connection URL (required).
	DatabaseURL string `env:"VIDHOST_DATABASE_URL" secret:"true"`
	// DBSchema is the schema the service owns; migrations are applied to it.
	DBSchema string `env:"VIDHOST_HOOKS_DB_SCHEMA" envDefault:"hooks"`
	// AllowHTTPURLs accepts http:// webhook, base and endpoint URLs (the
	// devstack); otherwise they must be https.
	AllowHTTPURLs bool `env:"VIDHOST_HOOKS_ALLOW_HTTP"`
	// AllowLoopback accepts URLs that name this machine (the devstack's
	// test receivers); private and link-local addresses stay refused.
	AllowLoopback bool `env:"VIDHOST_HOOKS_ALLOW_LOOPBACK"`
	// DeliveryTimeout bounds one attempt, from dial to the end of the
	// receiver's answer.
	DeliveryTimeout time.Duration `env:"VIDHOST_HOOKS_DELIVERY_TIMEOUT" envDefault:"15s"`
	// DeliveryWorkers is how many attempts run at once; at most a quarter
	// of them (and at least one) go to one service.
	DeliveryWorkers int `env:"VIDHOST_HOOKS_DELIVERY_WORKERS" envDefault:"16"`
	// DeliveryPoll is how often due deliveries are looked for (those this
	// process records wake it at once).
	DeliveryPoll time.Duration `env:"VIDHOST_HOOKS_DELIVERY_POLL" envDefault:"1s"`
	// DeliveryLease is how long a claimed delivery is its worker's: one
	// whose process died is attempted again after it.
	DeliveryLease time.Duration `env:"VIDHOST_HOOKS_DELIVERY_LEASE" envDefault:"1m"`
	// CopyTimeout bounds one attempt of an s3 service's copy.
	CopyTimeout time.Duration `env:"VIDHOST_HOOKS_COPY_TIMEOUT" envDefault:"30m"`
	// RetrySchedule is the wait after each failed attempt; one attempt
	// more than its length, then failed (docs/hooks.md#deliveries).
	RetrySchedule []time.Duration `env:"VIDHOST_HOOKS_RETRY_SCHEDULE" envSeparator:"," envDefault:"5s,5m,30m,2h,5h,10h,10h"`
	// Blob is the blob store the videos' files are read from, by the
	// vidhost and s3 actions (the catalog's settings); left unset
	// (local driver without VIDHOST_BLOB_DIR), those deliveries fail
	// with the reason.
	Blob blob.Settings
	// PublicURL starts the local blob driver's signed URLs when
	// VIDHOST_BLOB_PUBLIC_URL is empty (the gateway's public URL).
	PublicURL string `env:"VIDHOST_PUBLIC_URL"`
}

// Validate reports missing required settings before anything starts.
func (c Config) Validate() error {
	var errs []error
	if c.DatabaseURL == "" {
		errs = append(errs, errors.New("VIDHOST_DATABASE_URL must be set"))
	}
	if c.DBSchema == "" {
		errs = append(errs, errors.New("VIDHOST_HOOKS_DB_SCHEMA must not be empty"))
	}
	if err := secrets.Check("VIDHOST_INTERNAL_SECRET", c.InternalSecret); err != nil {
		errs = append(errs, err)
	}
	if c.DeliveryWorkers < 0 || c.DeliveryTimeout < 0 || c.CopyTimeout < 0 || c.DeliveryPoll < 0 || c.DeliveryLease < 0 {
		errs = append(errs, errors.New("VIDHOST_HOOKS_DELIVERY_{WORKERS,TIMEOUT,POLL,LEASE} and VIDHOST_HOOKS_COPY_TIMEOUT must not be negative"))
	}
	if c.DeliveryLease > 0 && c.DeliveryLease <= c.DeliveryTimeout {
		errs = append(errs, errors.New("VIDHOST_HOOKS_DELIVERY_LEASE must be longer than VIDHOST_HOOKS_DELIVERY_TIMEOUT, or an attempt in flight is sent twice"))
	}
	for _, wait := range c.RetrySchedule {
		if wait <= 0 {
			errs = append(errs, errors.New("VIDHOST_HOOKS_RETRY_SCHEDULE must list positive durations"))
			break
		}
	}
	if c.hasBlob() {
		errs = append(errs, c.Blob.Validate(true, c.PublicURL))
	}
	return errors.Join(errs...)
}

// Options are the in-process hooks of Run.
type Options struct {
	// Listener, if set, is served instead of listening on Config.GRPCAddr;
	// tests and the devstack pass one on port 0. Run closes it.
	Listener net.Listener
	// Ready, if set, is called with the listening address once the server
	// accepts calls.
	Ready func(addr string)
	// Delivery tunes the delivery engine (tests shorten its poll and
	// retry schedule); Workers and PerService come from Config.
	Delivery delivery.Options
}

// hasBlob reports whether a blob store is configured.
func (c Config) hasBlob() bool { return c.Blob.Driver == "s3" || c.Blob.Dir != "" }

// blobConfig is the blob store's configuration, its public URL falling
// back to the gateway's.
func (c Config) blobConfig() blob.Config {
	cfg := c.Blob.Config()
	if cfg.PublicBaseURL == "" {
		cfg.PublicBaseURL = c.PublicURL
	}
	return cfg
}

// urlPolicy is how strictly URLs clients save are checked.
func (c Config) urlPolicy() netguard.URLPolicy {
	return netguard.URLPolicy{AllowHTTP: c.AllowHTTPURLs, AllowLoopback: c.AllowLoopback}
}

// deliveryOptions are the engine's options: opts' over the configuration's.
func (c Config) deliveryOptions(opts Options) delivery.Options {
	o := opts.Delivery
	if o.Workers == 0 {
		o.Workers = c.DeliveryWorkers
	}
	if o.PerService == 0 {
		o.PerService = max(1, o.Workers/4)
	}
	if o.Poll == 0 {
		o.Poll = c.DeliveryPoll
	}
	if o.Lease == 0 {
		o.Lease = c.DeliveryLease
	}
	if o.Schedule == nil && len(c.RetrySchedule) > 0 {
		o.Schedule = c.RetrySchedule
	}
	return o
}

// database is where the service's tables live, with its migrations.
func database(cfg Config) outbox.Database {
	return outbox.Database{URL: cfg.DatabaseURL, Schema: cfg.DBSchema, Migrations: migrations.FS}
}
