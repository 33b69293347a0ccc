package app

import (
	"errors"
	"math"
	"net"
	"time"

	"github.com/vidhost/vidhost/pkg/config"
	"github.com/vidhost/vidhost/pkg/secrets"
	"github.com/vidhost/vidhost/services/analytics/internal/alerts"
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
	BatchSize int `env:"VIDHOST_ANALYTICS_BATCH_SIZE" envDefault:"20000"`
	// Storers is how many transactions store view events at the same time.
	Storers int `env:"VIDHOST_ANALYTICS_STORERS" envDefault:"2"`

	// The experience alerts (docs/analytics.md, "Alerts"): a video's hour
	// with at least AlertMinPlays plays whose startup p95 is over
	// AlertStartupP95 or whose error rate is over AlertErrorRate is
	// announced once, as video.experience_degraded. A threshold of 0 turns
	// its condition off; both 0 turn the alerts off.
	AlertStartupP95 time.Duration `env:"VIDHOST_ANALYTICS_ALERT_STARTUP_P95" envDefault:"5s"`
	AlertErrorRate  float64       `env:"VIDHOST_ANALYTICS_ALERT_ERROR_RATE" envDefault:"0.1"`
	AlertMinPlays   int           `env:"VIDHOST_ANALYTICS_ALERT_MIN_PLAYS" envDefault:"10"`
	// AlertInterval is how often hours are looked at; AlertDelay how long
	// after its end an hour is judged (beacons on their way), besides
	// waiting for the views consumer to have stored it.
	AlertInterval time.Duration `env:"VIDHOST_ANALYTICS_ALERT_INTERVAL" envDefault:"1m"`
	AlertDelay    time.Duration `env:"VIDHOST_ANALYTICS_ALERT_DELAY" envDefault:"5m"`
	// AlertOpenHour also judges the hour under way at every interval, on
	// its figures so far: an alert as soon as an hour goes bad (marked
	// partial), at the price of judging smaller samples.
	AlertOpenHour bool `env:"VIDHOST_ANALYTICS_ALERT_OPEN_HOUR" envDefault:"false"`
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
	if c.BatchSize < 1 || c.BatchSize > 50_000 {
		errs = append(errs, errors.New("VIDHOST_ANALYTICS_BATCH_SIZE must be 1-50000"))
	}
	if c.Storers < 1 || c.Storers > 8 {
		errs = append(errs, errors.New("VIDHOST_ANALYTICS_STORERS must be 1-8"))
	}
	return errors.Join(append(errs, c.validateAlerts()...)...)
}

// maxAlertStartup is the largest startup threshold that can trip: the edge
// drops startup times over two minutes (docs/analytics.md, "Bad input").
const maxAlertStartup = 2 * time.Minute

func (c Config) validateAlerts() []error {
	var errs []error
	if c.AlertStartupP95 < 0 || c.AlertStartupP95 >= maxAlertStartup {
		errs = append(errs, errors.New("VIDHOST_ANALYTICS_ALERT_STARTUP_P95 must be 0 (off) or a duration under 2m"))
	}
	if c.AlertErrorRate < 0 || c.AlertErrorRate >= 1 || math.IsNaN(c.AlertErrorRate) {
		errs = append(errs, errors.New("VIDHOST_ANALYTICS_ALERT_ERROR_RATE must be 0 (off) or a ratio below 1"))
	}
	if c.AlertMinPlays < 1 || c.AlertMinPlays > 1_000_000 {
		errs = append(errs, errors.New("VIDHOST_ANALYTICS_ALERT_MIN_PLAYS must be 1-1000000"))
	}
	if c.AlertInterval < time.Second || c.AlertInterval > time.Hour {
		errs = append(errs, errors.New("VIDHOST_ANALYTICS_ALERT_INTERVAL must be 1s-1h"))
	}
	if c.AlertDelay < 0 || c.AlertDelay > time.Hour {
		errs = append(errs, errors.New("VIDHOST_ANALYTICS_ALERT_DELAY must be 0-1h"))
	}
	return errs
}

// alertOptions are the watcher's options from c.
func (c Config) alertOptions() alerts.Options {
	return alerts.Options{
		Rule:     alerts.Rule{MinPlays: int64(c.AlertMinPlays), StartupP95: c.AlertStartupP95, ErrorRate: c.AlertErrorRate},
		Interval: c.AlertInterval, Delay: c.AlertDelay, OpenHour: c.AlertOpenHour,
	}
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
