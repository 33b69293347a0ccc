package app

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/config"
)

func TestValidatePlayback(t *testing.T) {
	valid := config.WithDefaults(Config{Common: config.Common{InternalSecret: "s3cret-s3cret-s3cret-s3cret-s3cret"}})
	assert.Equal(t, "4h0m0s", valid.MediaTokenTTL.String())
	assert.Equal(t, "3s", valid.PlaybackCacheTTL.String())
	cases := []struct {
		name   string
		change func(*Config)
		ok     bool
	}{
		{"defaults", func(*Config) {}, true},
		{"CDN media base", func(c *Config) { c.MediaBaseURL = "https://cdn.example.com/media" }, true},
		{"relative media base", func(c *Config) { c.MediaBaseURL = "/media" }, false},
		{"token secret of 32 bytes", func(c *Config) { c.MediaTokenSecret = "0123456789abcdef0123456789abcdef" }, true},
		{"short token secret", func(c *Config) { c.MediaTokenSecret = "short" }, false},
		{"negative token TTL", func(c *Config) { c.MediaTokenTTL = -1 }, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cfg := valid
			tc.change(&cfg)
			if tc.ok {
				require.NoError(t, cfg.Validate())
			} else {
				require.Error(t, cfg.Validate())
			}
		})
	}
}
