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
	t.Setenv("VIDHOST_BLOB_DIR", "/var/lib/vidhost/blob")
	t.Setenv("VIDHOST_PUBLIC_URL", "https://videos.example.com")
	t.Setenv("VIDHOST_BLOB_SIGNING_SECRET", "a-signing-secret-of-at-least-32-bytes")
	var cfg Config
	require.NoError(t, config.Load(&cfg))

	assert.Equal(t, "127.0.0.1:9103", cfg.GRPCAddr)
	assert.Equal(t, "127.0.0.1:9113", cfg.HTTPAddr)
	assert.Equal(t, "upload", cfg.DBSchema)
	assert.Equal(t, 15*time.Minute, cfg.URLTTL)
	assert.Equal(t, 24*time.Hour, cfg.TusTTL)
	assert.Equal(t, 7*24*time.Hour, cfg.Retention)
	assert.Equal(t, 5*time.Minute, cfg.SweepInterval)
	assert.True(t, cfg.UploadsEnabled)
	assert.Equal(t, int64(10<<30), cfg.MaxFileBytes)
	assert.Zero(t, cfg.QuotaBytes, "no cap: the plans' quotas apply")
	assert.Equal(t, int32(10), cfg.MaxConcurrent)
	assert.Equal(t, "local", cfg.Blob.Driver)
	assert.Equal(t, "/var/lib/vidhost/blob/.tus", cfg.StagingDir())
	assert.Equal(t, "https://videos.example.com", cfg.blobConfig().PublicBaseURL, "the gateway's URL stands in")
	assert.NoError(t, cfg.Validate())
}

func TestRunRefusesIncompleteConfig(t *testing.T) {
	valid := Config{
		DatabaseURL: "postgres://db/vidhost", DBSchema: "upload", Common: config.Common{InternalSecret: "s3cret-s3cret-s3cret-s3cret-s3cret"},
		URLTTL: 15 * time.Minute, TusTTL: 24 * time.Hour, Retention: 168 * time.Hour, SweepInterval: time.Minute,
		UploadsEnabled: true, MaxFileBytes: 1, QuotaBytes: 1, MaxConcurrent: 1,
		PublicURL: "http://localhost:8080",
		Blob:      BlobConfig{Driver: "local", Dir: "/tmp/blob", SigningSecret: "a-signing-secret-of-at-least-32-bytes"},
	}
	require.NoError(t, valid.Validate())
	tests := []struct {
		name   string
		change func(*Config)
		want   string
	}{
		{"no database", func(c *Config) { c.DatabaseURL = "" }, "VIDHOST_DATABASE_URL must be set"},
		{"no schema", func(c *Config) { c.DBSchema = "" }, "VIDHOST_UPLOAD_DB_SCHEMA must not be empty"},
		{"no secret", func(c *Config) { c.InternalSecret = "" }, "VIDHOST_INTERNAL_SECRET must be at least 32 bytes"},
		{"short secret", func(c *Config) { c.InternalSecret = "s3cret" }, "VIDHOST_INTERNAL_SECRET must be at least 32 bytes (it has 6)"},
		{"no sweep interval", func(c *Config) { c.SweepInterval = 0 }, "VIDHOST_UPLOAD_SWEEP_INTERVAL must be positive"},
		{"retention too short", func(c *Config) { c.Retention = time.Hour }, "retention must be longer than the URL and tus TTLs"},
		{"no limits", func(c *Config) { c.MaxConcurrent = 0 }, "default max file bytes and max concurrent must be positive"},
		{"negative quota cap", func(c *Config) { c.QuotaBytes = -1 }, "quota bytes cap must be 0 (none) or positive"},
		{"no blob dir", func(c *Config) { c.Blob.Dir = "" }, "VIDHOST_BLOB_DIR must be set"},
		{"no public URL", func(c *Config) { c.PublicURL = "" }, "VIDHOST_BLOB_PUBLIC_URL or VIDHOST_PUBLIC_URL must be set"},
		{"short signing secret", func(c *Config) { c.Blob.SigningSecret = "short" }, "VIDHOST_BLOB_SIGNING_SECRET must be at least 32 bytes"},
		{"no bucket", func(c *Config) { c.Blob = BlobConfig{Driver: "s3", S3Endpoint: "s3:9000"} }, "VIDHOST_S3_ENDPOINT and VIDHOST_S3_BUCKET must be set"},
		{"unknown driver", func(c *Config) { c.Blob.Driver = "gcs" }, `VIDHOST_BLOB_DRIVER must be "local" or "s3"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := valid
			tt.change(&cfg)
			err := Run(context.Background(), cfg, slog.New(slog.DiscardHandler), Options{})
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}
