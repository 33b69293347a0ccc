package app

import (
	"errors"
	"fmt"
	"net/url"
	"time"

	"github.com/vidhost/vidhost/pkg/audit"
	"github.com/vidhost/vidhost/pkg/config"
	"github.com/vidhost/vidhost/pkg/mail"
	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/pkg/secrets"
	"github.com/vidhost/vidhost/services/identity/migrations"
)

// Config is the identity service's configuration. Build it with
// pkg/config.Load, which applies the envDefault values and then the
// environment, or start from config.Defaults; a literal Config gets no
// defaults.
type Config struct {
	// Common is the bus, the log and the root secret, which the callers' keys
	// derive from (at least 32 bytes): it verifies the calls the gateway
	// signs.
	config.Common
	// GRPCAddr is where the gRPC server listens unless Options.Listener is set.
	GRPCAddr string `env:"VIDHOST_IDENTITY_GRPC_ADDR" envDefault:"127.0.0.1:9101"`
	// DatabaseURL is a PostgreSQL URL; identity keeps its tables in DBSchema.
	DatabaseURL string `env:"VIDHOST_DATABASE_URL" secret:"true"`
	DBSchema    string `env:"VIDHOST_IDENTITY_DB_SCHEMA" envDefault:"identity"`
	// OwnerEmail and OwnerPassword are the owner created at first start; an
	// empty password is generated and reported once (see Options.OnBootstrap).
	OwnerEmail    string `env:"VIDHOST_OWNER_EMAIL" envDefault:"owner@vidhost.local"`
	OwnerPassword string `env:"VIDHOST_OWNER_PASSWORD" secret:"true"`
	// BootstrapFile receives the owner's password and first API key when a
	// first start creates them without Options.OnBootstrap: a new file of
	// mode 0600, never the log.
	BootstrapFile string `env:"VIDHOST_BOOTSTRAP_FILE" envDefault:"vidhost-bootstrap.env"`
	// SMTP is where identity sends mail (VIDHOST_SMTP_HOST, _PORT, _USER,
	// _PASSWORD, _FROM, _TIMEOUT); the devstack points it at its Mailpit.
	SMTP mail.Config
	// PublicURL is the gateway's public base URL, the same value the
	// gateway takes: invite emails link <PublicURL>/invites/accept, and
	// notification emails a video's watch page.
	PublicURL string `env:"VIDHOST_PUBLIC_URL" envDefault:"http://127.0.0.1:8080"`
	// SSOAllowLoopbackIssuers admits http:// identity provider issuers on
	// this machine (localhost, 127.0.0.0/8, ::1); otherwise issuers must be
	// https and public (docs/identity-providers.md). The devstack sets it
	// for its test provider.
	SSOAllowLoopbackIssuers bool `env:"VIDHOST_SSO_ALLOW_LOOPBACK_ISSUERS" envDefault:"false"`
	// DNSResolver is the DNS server (host:port) that identity provider
	// domain verification asks for TXT records; empty is the system's
	// resolver. The end-to-end tests point it at a DNS server of their own.
	DNSResolver string `env:"VIDHOST_DNS_RESOLVER"`
	// AuditRetention is how long audit entries are kept (docs/audit-logs.md);
	// the database keeps every entry younger than audit.RetentionFloor
	// whatever this says.
	AuditRetention time.Duration `env:"VIDHOST_AUDIT_RETENTION" envDefault:"8760h"`
}

// Validate names the environment variable of each missing or impossible
// setting. GRPCAddr is checked by Run, as a Listener in Options replaces it.
func (c Config) Validate() error {
	var errs []error
	required := []struct{ value, name string }{
		{c.DatabaseURL, "VIDHOST_DATABASE_URL"},
		{c.DBSchema, "VIDHOST_IDENTITY_DB_SCHEMA"},
		{c.NATSURL, "VIDHOST_NATS_URL"},
		{c.OwnerEmail, "VIDHOST_OWNER_EMAIL"},
	}
	for _, r := range required {
		if r.value == "" {
			errs = append(errs, fmt.Errorf("%s must be set", r.name))
		}
	}
	if c.AuditRetention != 0 && c.AuditRetention < audit.RetentionFloor {
		errs = append(errs, fmt.Errorf("VIDHOST_AUDIT_RETENTION must be at least %s", audit.RetentionFloor))
	}
	if err := secrets.Check("VIDHOST_INTERNAL_SECRET", c.InternalSecret); err != nil {
		errs = append(errs, err)
	}
	if u, err := url.Parse(c.PublicURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
		errs = append(errs, fmt.Errorf("VIDHOST_PUBLIC_URL %q must be an absolute http(s) URL without a query", c.PublicURL))
	}
	return errors.Join(errs...)
}

// database is where the service's tables live, with its migrations.
func database(cfg Config) outbox.Database {
	return outbox.Database{URL: cfg.DatabaseURL, Schema: cfg.DBSchema, Migrations: migrations.FS}
}
