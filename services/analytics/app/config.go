package app

import (
	"errors"
	"net"
	"time"

	"github.com/vidhost/vidhost/pkg/config"
	"github.com/vidhost/vidhost/pkg/secrets"
)

// Config is the analytics service's configuration, loaded from VIDHOST_*
// environment variables over the defaults below (pkg/config).
type Config struct {
	// Common is the bus the view events arrive on, the log and the root secret
	// (required, at least 32 bytes).
	config.Common
	// GRPCAddr is where the gRPC server listens (Options.Listener overrides it).
	GRPCAddr string `env:"VIDHOST_ANALYTICS_GRPC_ADDR" envDefault:"127.0.0.1:9107"`
	// DatabaseURL is a PostgreSQL connection URL (required).
	DatabaseURL string `env:"VIDHOST_DATABASE_URL" secret:"true"`
	// DBSchema is the schema the service owns; migrations are applied to it.
	DBSchema string `env:"VIDHOST_ANALYTICS_DB_SCHEMA" envDefault:"analytics"`
	// RetentionDays is how many days of raw view events are kept; older
	// days' partitions are dropped (the daily roll-ups stay).
	RetentionDays int `env:"VIDHOST_ANALYTICS_RETENTION_DAYS" envDefault:"90"`
	// BatchSize is the most view events fetched at once; the storers
	// share them out by viewer, each storing its part in one transaction.
	BatchSize int `env:"VIDHOST_ANALYTICS_BATCH_SIZE" envDefault:"5000"`
	// Storers is how many transactions store view events at the same time.
	Storers int `env:"VIDHOST_ANALYTICS_STORERS" envDefault:"2"`
}

// Validate reports missing or impossible settings before anything starts.
func (c Config) Validate() error {
	var errs []error
	if c.DatabaseURL == "" {
		errs = append(errs, errors.New("VIDHOST_DATABASE_URL must be set"))
	}
	if c.DBSchema == "" {
		errs = append(errs, errors.New("VIDHOST_ANALYTICS_DB_SCHEMA must not be empty"))
	}
	if err := secrets.Check("VIDHOST_INTERNAL_SECRET", c.InternalSecret); err != nil {
		errs = append(errs, err)
	}
	if c.RetentionDays < 1 {
		errs = append(errs, errors.New("VIDHOST_ANALYTICS_RETENTION_DAYS must be at least 1"))
	}
	if c.BatchSize < 1 || c.BatchSize > 10_000 {
		errs = append(errs, errors.New("VIDHOST_ANALYTICS_BATCH_SIZE must be 1-10000"))
	}
	if c.Storers < 1 || c.Storers > 8 {
		errs = append(errs, errors.New("VIDHOST_ANALYTICS_STORERS must be 1-8"))
	}
	return errors.Join(errs...)
}

// retention is RetentionDays as a duration.
func (c Config) retention() time.Duration { return time.Duration(c.RetentionDays) * 24 * time.Hour }

// Options are the in-process hooks of Run.
type Options struct {
	// Listener, if set, is served instead of listening on Config.GRPCAddr;
	// tests and the devstack pass one on port 0. Run closes it.
	Listener net.Listener
	// Ready, if set, is called with the listening address once the server
	// accepts calls.
	Ready func(addr string)
}
