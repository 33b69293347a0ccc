package app

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/config"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/services/hooks/internal/hooks"
)

func TestConfigDefaults(t *testing.T) {
	t.Setenv("VIDHOST_DATABASE_URL", "postgres://db/vidhost")
	t.Setenv("VIDHOST_INTERNAL_SECRET", "s3cret-s3cret-s3cret-s3cret-s3cret")
	var cfg Config
	require.NoError(t, config.Load(&cfg))

	assert.Equal(t, Config{
		GRPCAddr:        "127.0.0.1:9106",
		DatabaseURL:     "postgres://db/vidhost",
		DBSchema:        "hooks",
		DeliveryTimeout: 15 * time.Second,
		DeliveryWorkers: 16,
		DeliveryPoll:    time.Second,
		DeliveryLease:   time.Minute,
		CopyTimeout:     30 * time.Minute,
		RetrySchedule: []time.Duration{5 * time.Second, 5 * time.Minute, 30 * time.Minute, 2 * time.Hour, 5 * time.Hour,
			10 * time.Hour, 10 * time.Hour},
		Blob: blob.Settings{Driver: "local", S3Region: "us-east-1"},
		Common: config.Common{NATSURL: "nats://127.0.0.1:4222", NATS: natsx.Settings{Replicas: 1},
			InternalSecret: "s3cret-s3cret-s3cret-s3cret-s3cret", LogLevel: "info", LogFormat: "text"},
	}, cfg)
	assert.Equal(t, hooks.RetrySchedule, cfg.RetrySchedule, "the documented schedule")
	assert.False(t, cfg.hasBlob(), "no blob store unless configured")
	assert.NoError(t, cfg.Validate())
	assert.False(t, cfg.urlPolicy().AllowHTTP, "https only unless asked")
	assert.False(t, cfg.urlPolicy().AllowLoopback)
}

func TestRunRefusesIncompleteConfig(t *testing.T) {
	tests := []struct {
		name   string
		change func(*Config)
		want   string
	}{
		{"no database", func(c *Config) { c.DatabaseURL = "" }, "VIDHOST_DATABASE_URL must be set"},
		{"no schema", func(c *Config) { c.DBSchema = "" }, "VIDHOST_HOOKS_DB_SCHEMA must not be empty"},
		{"short secret", func(c *Config) { c.InternalSecret = "s3cret" }, "VIDHOST_INTERNAL_SECRET must be at least 32 bytes (it has 6)"},
		{"lease within an attempt", func(c *Config) { c.DeliveryTimeout, c.DeliveryLease = time.Minute, time.Second }, "VIDHOST_HOOKS_DELIVERY_LEASE must be longer"},
		{"zero wait", func(c *Config) { c.RetrySchedule = []time.Duration{time.Second, 0} }, "VIDHOST_HOOKS_RETRY_SCHEDULE must list positive durations"},
		{"blob without signing", func(c *Config) { c.Blob = blob.Settings{Dir: "/tmp/x", PublicURL: "http://x"} }, "VIDHOST_BLOB_SIGNING_SECRET"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := Config{DatabaseURL: "postgres://db/vidhost", DBSchema: "hooks", Common: config.Common{InternalSecret: "s3cret-s3cret-s3cret-s3cret-s3cret"}}
			tt.change(&cfg)
			err := Run(context.Background(), cfg, slog.New(slog.DiscardHandler), Options{})
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}
