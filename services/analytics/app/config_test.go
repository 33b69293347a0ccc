package app

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/vidhost/vidhost/pkg/config"
)

func validConfig() Config {
	cfg := config.Defaults[Config]()
	cfg.DatabaseURL, cfg.InternalSecret = "postgres://localhost/vidhost", "test-internal-secret-test-internal-secret"
	return cfg
}

func TestAlertSettings(t *testing.T) {
	assert.NoError(t, validConfig().Validate(), "the defaults")
	defaults := validConfig().alertOptions()
	assert.Equal(t, 5*time.Second, defaults.Rule.StartupP95)
	assert.Equal(t, 0.1, defaults.Rule.ErrorRate)
	assert.Equal(t, int64(10), defaults.Rule.MinPlays)
	assert.Equal(t, 5*time.Minute, defaults.Delay)
	assert.False(t, defaults.OpenHour)
	assert.True(t, defaults.Rule.Enabled())

	off := validConfig()
	off.AlertStartupP95, off.AlertErrorRate = 0, 0
	assert.NoError(t, off.Validate())
	assert.False(t, off.alertOptions().Rule.Enabled(), "both thresholds 0: no alerts")

	tests := []struct {
		name   string
		change func(*Config)
		want   string
	}{
		{"startup over the edge's bound", func(c *Config) { c.AlertStartupP95 = 2 * time.Minute }, "VIDHOST_ANALYTICS_ALERT_STARTUP_P95 must be 0 (off) or a duration under 2m"},
		{"negative startup", func(c *Config) { c.AlertStartupP95 = -time.Second }, "VIDHOST_ANALYTICS_ALERT_STARTUP_P95"},
		{"error rate of 1", func(c *Config) { c.AlertErrorRate = 1 }, "VIDHOST_ANALYTICS_ALERT_ERROR_RATE must be 0 (off) or a ratio below 1"},
		{"no plays", func(c *Config) { c.AlertMinPlays = 0 }, "VIDHOST_ANALYTICS_ALERT_MIN_PLAYS must be 1-1000000"},
		{"a busy loop", func(c *Config) { c.AlertInterval = time.Millisecond }, "VIDHOST_ANALYTICS_ALERT_INTERVAL must be 1s-1h"},
		{"a delay past the next hour", func(c *Config) { c.AlertDelay = 2 * time.Hour }, "VIDHOST_ANALYTICS_ALERT_DELAY must be 0-1h"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := validConfig()
			tt.change(&cfg)
			assert.ErrorContains(t, cfg.Validate(), tt.want)
		})
	}
}
