package app

import (
	"errors"
	"net"
)

// Config is the catalog's configuration, loaded from VIDHOST_* environment
// variables over the defaults below (pkg/config).
type Config struct {
	// GRPCAddr is where the gRPC server listens (Options.Listener overrides it).
	GRPCAddr string `env:"VIDHOST_CATALOG_GRPC_ADDR" envDefault:"127.0.0.1:9102"`
	// DatabaseURL is a PostgreSQL connection URL (required).
	DatabaseURL string `env:"VIDHOST_DATABASE_URL" secret:"true"`
	// DBSchema is the schema the catalog owns; migrations are applied to it.
	DBSchema string `env:"VIDHOST_CATALOG_DB_SCHEMA" envDefault:"catalog"`
	// NATSURL is the NATS server with JetStream the events are published to.
	NATSURL string `env:"VIDHOST_NATS_URL" envDefault:"nats://127.0.0.1:4222"`
	// InternalSecret verifies the principal the gateway signs (required).
	InternalSecret string `env:"VIDHOST_INTERNAL_SECRET" secret:"true"`
	LogLevel       string `env:"VIDHOST_LOG_LEVEL" envDefault:"info"`
	LogFormat      string `env:"VIDHOST_LOG_FORMAT" envDefault:"text"`
}

// Validate reports missing required settings before anything starts.
func (c Config) Validate() error {
	var errs []error
	if c.DatabaseURL == "" {
		errs = append(errs, errors.New("VIDHOST_DATABASE_URL must be set"))
	}
	if c.DBSchema == "" {
		errs = append(errs, errors.New("VIDHOST_CATALOG_DB_SCHEMA must not be empty"))
	}
	if c.InternalSecret == "" {
		errs = append(errs, errors.New("VIDHOST_INTERNAL_SECRET must be set"))
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
}
