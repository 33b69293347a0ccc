package worker

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestConfigValidate(t *testing.T) {
	t.Parallel()
	valid := Config{Concurrency: 1, AckWait: time.Minute, Heartbeat: 10 * time.Second, MaxDeliver: 3, RetryDelay: time.Second}
	assert.NoError(t, valid.Validate())
	tests := []struct {
		name   string
		change func(*Config)
		want   string
	}{
		{"no slots", func(c *Config) { c.Concurrency = 0 }, "concurrency must be at least 1"},
		{"tiny ack wait", func(c *Config) { c.AckWait, c.Heartbeat = time.Millisecond, time.Millisecond/4 }, "ack wait must be at least 1s"},
		{"no heartbeat", func(c *Config) { c.Heartbeat = 0 }, "heartbeat must be positive and at most half the ack wait"},
		{"heartbeat too slow", func(c *Config) { c.Heartbeat = 31 * time.Second }, "heartbeat must be positive and at most half the ack wait"},
		{"no attempts", func(c *Config) { c.MaxDeliver = 0 }, "max deliver must be at least 1"},
		{"no retry delay", func(c *Config) { c.RetryDelay = 0 }, "retry delay must be positive"},
		{"negative drain", func(c *Config) { c.DrainTimeout = -time.Second }, "drain timeout must not be negative"},
		{"negative window", func(c *Config) { c.ChunkWindow = -1 }, "chunk window must not be negative"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := valid
			tt.change(&cfg)
			assert.ErrorContains(t, cfg.Validate(), tt.want)
		})
	}
}

func TestRetryDelayDoublesUpToACap(t *testing.T) {
	t.Parallel()
	cfg := Config{RetryDelay: 10 * time.Second}
	var got []time.Duration
	for attempt := 1; attempt <= 7; attempt++ {
		got = append(got, cfg.retryDelay(attempt))
	}
	want := []time.Duration{10 * time.Second, 20 * time.Second, 40 * time.Second, 80 * time.Second,
		160 * time.Second, maxRetryDelay, maxRetryDelay}
	assert.Equal(t, want, got)
}
