package app

import (
	"context"
	"log/slog"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/config"
	"github.com/vidhost/vidhost/pkg/natsx"
)

func TestConfigDefaults(t *testing.T) {
	t.Setenv("VIDHOST_DATABASE_URL", "postgres://db/vidhost")
	t.Setenv("VIDHOST_INTERNAL_SECRET", "s3cret-s3cret-s3cret-s3cret-s3cret")
	t.Setenv("VIDHOST_BLOB_DIR", "/var/lib/vidhost/blob")
	var cfg Config
	require.NoError(t, config.Load(&cfg))

	assert.Equal(t, Config{
		GRPCAddr:                    "127.0.0.1:9102",
		DatabaseURL:                 "postgres://db/vidhost",
		DBSchema:                    "catalog",
		UploadAddr:                  "127.0.0.1:9103",
		MediaBaseURL:                "http://127.0.0.1:8080/media",
		LiveRTMPURL:                 "rtmp://127.0.0.1:1935/live",
		Blob:                        blob.Settings{Driver: "local", Dir: "/var/lib/vidhost/blob", S3Region: "us-east-1"},
		TranscodeAccountConcurrency: 2,
		TranscribeLanguageList:      "en-US",
		TranscribeEngine:            "pocketsphinx",
		Common: config.Common{NATSURL: "nats://127.0.0.1:4222", NATS: natsx.Settings{Replicas: 1},
			InternalSecret: "s3cret-s3cret-s3cret-s3cret-s3cret", LogLevel: "info", LogFormat: "text"},
	}, cfg)
	assert.NoError(t, cfg.Validate())
	assert.Equal(t, []string{"en-US"}, cfg.TranscribeLanguages())
}

func TestTranscribeLanguagesList(t *testing.T) {
	cfg := Config{TranscribeLanguageList: " en-US, de-DE ,,fr-FR"}
	assert.Equal(t, []string{"en-US", "de-DE", "fr-FR"}, cfg.TranscribeLanguages())
	assert.Empty(t, Config{}.TranscribeLanguages(), "empty keeps the catalog's default")
}

func TestRunRefusesIncompleteConfig(t *testing.T) {
	tests := []struct {
		name   string
		change func(*Config)
		want   string
	}{
		{"no database", func(c *Config) { c.DatabaseURL = "" }, "VIDHOST_DATABASE_URL must be set"},
		{"no secret", func(c *Config) { c.InternalSecret = "" }, "VIDHOST_INTERNAL_SECRET must be at least 32 bytes"},
		{"short secret", func(c *Config) { c.InternalSecret = "s3cret" }, "VIDHOST_INTERNAL_SECRET must be at least 32 bytes (it has 6)"},
		{"media base not a URL", func(c *Config) { c.MediaBaseURL = "cdn.example.com/media" }, "VIDHOST_MEDIA_BASE_URL must be an http(s) URL"},
		{"no blob dir", func(c *Config) { c.Blob.Dir = "" }, "VIDHOST_BLOB_DIR must be set for the local blob driver"},
		{"no bucket", func(c *Config) { c.Blob = blob.Settings{Driver: "s3", S3Endpoint: "s3:9000"} }, "VIDHOST_S3_ENDPOINT and VIDHOST_S3_BUCKET must be set"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := Config{DatabaseURL: "postgres://db/vidhost", DBSchema: "catalog", Common: config.Common{InternalSecret: "s"},
				Blob: blob.Settings{Dir: t.TempDir()}}
			tt.change(&cfg)
			err := Run(context.Background(), cfg, slog.New(slog.DiscardHandler), Options{})
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}

// TestValidateRefusesEmptySchema checks what Run cannot show: it gives a
// schema left empty in code the tag's default (config.WithDefaults), and
// Load does the same for an empty variable.
func TestValidateRefusesEmptySchema(t *testing.T) {
	cfg := config.Defaults[Config]()
	cfg.DatabaseURL, cfg.InternalSecret, cfg.Blob.Dir = "postgres://db/vidhost", "s3cret-s3cret-s3cret-s3cret-s3cret", t.TempDir()
	require.NoError(t, cfg.Validate())
	cfg.DBSchema = ""
	assert.ErrorContains(t, cfg.Validate(), "VIDHOST_CATALOG_DB_SCHEMA must not be empty")
}
