package app

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/config"
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
		NATSURL:         "nats://127.0.0.1:4222",
		InternalSecret:  "s3cret-s3cret-s3cret-s3cret-s3cret",
		DeliveryTimeout: 15 * time.Second,
		DeliveryWorkers: 16,
		LogLevel:        "info",
		LogFormat:       "text",
	}, cfg)
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
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := Config{DatabaseURL: "postgres://db/vidhost", DBSchema: "hooks", InternalSecret: "s3cret-s3cret-s3cret-s3cret-s3cret"}
			tt.change(&cfg)
			err := Run(context.Background(), cfg, slog.New(slog.DiscardHandler), Options{})
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}
