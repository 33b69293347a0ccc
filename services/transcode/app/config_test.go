package app

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/config"
	"github.com/vidhost/vidhost/services/transcode/internal/media"
)

func TestConfigDefaults(t *testing.T) {
	t.Setenv("VIDHOST_BLOB_DIR", "/var/lib/vidhost/blob")
	var cfg Config
	require.NoError(t, config.Load(&cfg))

	assert.Equal(t, "127.0.0.1:9104", cfg.GRPCAddr)
	assert.Equal(t, "nats://127.0.0.1:4222", cfg.NATSURL)
	assert.Empty(t, cfg.WorkDir, "Run uses defaultWorkDir")
	assert.Equal(t, filepath.Join(os.TempDir(), "vidhost-transcode"), defaultWorkDir())
	assert.Equal(t, 1, cfg.Concurrency)
	assert.Equal(t, 60*time.Second, cfg.AckWait)
	assert.Equal(t, 10*time.Second, cfg.Heartbeat)
	assert.Equal(t, 3, cfg.MaxDeliver)
	assert.False(t, cfg.FetchAllowPrivate)
	assert.Equal(t, int64(20<<30), cfg.FetchMaxBytes)
	assert.Equal(t, 2*time.Hour, cfg.FetchTimeout)
	assert.Equal(t, "local", cfg.Blob.Driver)
	assert.Equal(t, 6*time.Hour, cfg.JobTimeout)
	assert.Equal(t, 10*time.Second, cfg.JobTimeoutPerSecond)
	assert.Equal(t, 15*time.Minute, cfg.JobTimeoutMin)
	assert.Equal(t, media.DefaultLimits(), media.New(media.Config{Limits: cfg.limits()}).Limits(),
		"the documented defaults are the media core's")
	assert.Equal(t, ChunkedOff, cfg.Chunked, "chunked transcoding is opt-in")
	assert.Equal(t, 12, cfg.workerConfig().ChunkWindow, "units of a plan at once: ten workers and the audio on one video")
	defaults := media.DefaultChunks()
	assert.Equal(t, media.ChunkConfig{Threshold: defaults.Threshold, Length: defaults.Length}, cfg.chunks(),
		"the documented chunk threshold and length are the media core's")
	assert.Empty(t, cfg.InternalSecret, "optional: only health checks are served")
	assert.NoError(t, cfg.Validate())
}

func TestConfigFromEnvironment(t *testing.T) {
	t.Setenv("VIDHOST_BLOB_DIR", "/srv/blob")
	t.Setenv("VIDHOST_TRANSCODE_CONCURRENCY", "4")
	t.Setenv("VIDHOST_TRANSCODE_ACK_WAIT", "30s")
	t.Setenv("VIDHOST_FETCH_ALLOW_PRIVATE", "true")
	t.Setenv("VIDHOST_FETCH_TRUSTED_ADDRS", "10.0.0.5:8080,[fd00::1]:443")
	var cfg Config
	require.NoError(t, config.Load(&cfg))
	assert.Equal(t, 4, cfg.Concurrency)
	assert.Equal(t, 30*time.Second, cfg.AckWait)
	assert.True(t, cfg.fetchOptions().AllowPrivate)
	assert.Len(t, cfg.fetchOptions().Trusted, 2)
}

func TestChunkedSetting(t *testing.T) {
	tests := []struct {
		value string
		valid bool
	}{
		{ChunkedOff, true},
		{ChunkedLocal, true},
		{ChunkedDistributed, true},
		{"on", false},
		{"local,distributed", false},
	}
	for _, tt := range tests {
		t.Run(tt.value, func(t *testing.T) {
			t.Setenv("VIDHOST_BLOB_DIR", "/srv/blob")
			t.Setenv("VIDHOST_TRANSCODE_CHUNKED", tt.value)
			var cfg Config
			require.NoError(t, config.Load(&cfg))
			err := cfg.Validate()
			if tt.valid {
				assert.NoError(t, err)
				assert.Equal(t, tt.value == ChunkedDistributed, cfg.workerConfig().Distributed)
				return
			}
			assert.ErrorContains(t, err, "VIDHOST_TRANSCODE_CHUNKED must be off, local or distributed")
		})
	}
}

// The chunk threshold and length come from the environment, for tests and
// the drill to chunk short sources, and may not be negative.
func TestChunkShapeSetting(t *testing.T) {
	t.Setenv("VIDHOST_BLOB_DIR", "/srv/blob")
	t.Setenv("VIDHOST_TRANSCODE_CHUNK_THRESHOLD", "10s")
	t.Setenv("VIDHOST_TRANSCODE_CHUNK_LENGTH", "4s")
	var cfg Config
	require.NoError(t, config.Load(&cfg))
	require.NoError(t, cfg.Validate())
	assert.Equal(t, media.ChunkConfig{Threshold: 10 * time.Second, Length: 4 * time.Second}, cfg.chunks())

	cfg.ChunkLength = -time.Second
	assert.ErrorContains(t, cfg.Validate(), "VIDHOST_TRANSCODE_CHUNK_LENGTH must not be negative")
}

func TestRunRefusesIncompleteConfig(t *testing.T) {
	valid := Config{
		Common: config.Common{NATSURL: "nats://127.0.0.1:4222"}, Concurrency: 1, AckWait: time.Minute, Heartbeat: 10 * time.Second,
		MaxDeliver: 3, RetryDelay: time.Second, FetchMaxBytes: 1, FetchTimeout: time.Hour,
		FetchHeaderTimeout: time.Second, FetchIdleTimeout: time.Second,
		Blob: blob.Settings{Driver: "local", Dir: "/tmp/blob"},
	}
	require.NoError(t, valid.Validate())
	tests := []struct {
		name   string
		change func(*Config)
		want   string
	}{
		{"no NATS", func(c *Config) { c.NATSURL = "" }, "VIDHOST_NATS_URL must be set"},
		{"no concurrency", func(c *Config) { c.Concurrency = 0 }, "concurrency must be at least 1"},
		{"heartbeat too slow", func(c *Config) { c.Heartbeat = c.AckWait }, "heartbeat must be positive and at most half the ack wait"},
		{"no attempts", func(c *Config) { c.MaxDeliver = 0 }, "max deliver must be at least 1"},
		{"no fetch timeout", func(c *Config) { c.FetchTimeout = 0 }, "VIDHOST_FETCH_*_TIMEOUT settings must be positive"},
		{"bad trusted address", func(c *Config) { c.FetchTrustedAddrs = []string{"example.com"} }, `"example.com" is not an ip:port pair`},
		{"short internal secret", func(c *Config) { c.InternalSecret = "s3cret" }, "VIDHOST_INTERNAL_SECRET must be at least 32 bytes"},
		{"no blob dir", func(c *Config) { c.Blob.Dir = "" }, "VIDHOST_BLOB_DIR must be set"},
		{"unknown blob driver", func(c *Config) { c.Blob.Driver = "gcs" }, `VIDHOST_BLOB_DRIVER must be "local" or "s3"`},
		{"no ffmpeg", func(c *Config) { c.FFmpeg, c.FFprobe = "no-such-ffmpeg", "ffprobe" }, "no-such-ffmpeg not found"},
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

func TestTranscribeEngine(t *testing.T) {
	tests := []struct {
		name    string
		cfg     TranscribeConfig
		want    string // the engine's languages, joined
		wantErr string
	}{
		{name: "off", cfg: TranscribeConfig{Engine: "off"}},
		{name: "pocketsphinx", cfg: TranscribeConfig{Engine: "pocketsphinx", Pocketsphinx: "pocketsphinx_continuous"}, want: "en-US"},
		{name: "pocketsphinx missing", cfg: TranscribeConfig{Engine: "pocketsphinx", Pocketsphinx: "/nonexistent/ps"}, wantErr: "not found"},
		{name: "whisper", cfg: TranscribeConfig{Engine: "whisper", WhisperBin: "/opt/whisper-cli", WhisperModel: "/opt/m.bin", Languages: "en-US,de-DE"}, want: "en-US,de-DE"},
		{name: "whisper without model", cfg: TranscribeConfig{Engine: "whisper", WhisperBin: "/opt/whisper-cli"}, wantErr: "must be set"},
		{name: "unknown", cfg: TranscribeConfig{Engine: "vosk"}, wantErr: "must be pocketsphinx, whisper or off"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			engine, err := tt.cfg.engine()
			if tt.wantErr != "" {
				assert.ErrorContains(t, err, tt.wantErr)
				return
			}
			require.NoError(t, err)
			if tt.want == "" {
				assert.Nil(t, engine)
				return
			}
			assert.Equal(t, tt.want, strings.Join(engine.Languages(), ","))
		})
	}
}

// Unavailable is what the devstack asks before it starts (issue 28): an
// engine that cannot run here turns transcribes off in catalog too.
func TestTranscribeUnavailable(t *testing.T) {
	model := t.TempDir()
	tests := []struct {
		name    string
		cfg     TranscribeConfig
		wantErr string
	}{
		{name: "off", cfg: TranscribeConfig{Engine: "off"}},
		{name: "pocketsphinx and its model", cfg: TranscribeConfig{Engine: "pocketsphinx", Pocketsphinx: "pocketsphinx_continuous", PocketsphinxModel: model}},
		{name: "pocketsphinx missing", cfg: TranscribeConfig{Engine: "pocketsphinx", Pocketsphinx: "/nonexistent/ps", PocketsphinxModel: model},
			wantErr: "install pocketsphinx and pocketsphinx-en-us"},
		{name: "model missing", cfg: TranscribeConfig{Pocketsphinx: "pocketsphinx_continuous", PocketsphinxModel: model + "/none"},
			wantErr: "install pocketsphinx-en-us"},
		{name: "whisper without model", cfg: TranscribeConfig{Engine: "whisper", WhisperBin: "/opt/whisper-cli"}, wantErr: "must be set"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.cfg.Unavailable()
			if tt.wantErr == "" {
				assert.NoError(t, err)
				return
			}
			assert.ErrorContains(t, err, tt.wantErr)
		})
	}
}
