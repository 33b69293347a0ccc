package app

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/config"
)

func TestDefaults(t *testing.T) {
	cfg := config.Defaults[Config]()
	assert.Equal(t, "127.0.0.1:8080", cfg.HTTPAddr)
	assert.Equal(t, "127.0.0.1:9101", cfg.IdentityAddr)
	assert.Equal(t, "127.0.0.1:9102", cfg.CatalogAddr)
	assert.EqualValues(t, 1<<20, cfg.BodyLimit)
	assert.Equal(t, 10*time.Second, cfg.AuthCacheTTL)
	assert.Equal(t, 30*time.Second, cfg.RequestTimeout)
	assert.Equal(t, "off", cfg.MediaAccessLog, "media requests are not logged unless asked for")
	assert.InDelta(t, 0.01, cfg.MediaAccessLogSampleRate, 1e-9)
}

func TestWithDefaultsKeepsWhatIsSet(t *testing.T) {
	cfg := config.WithDefaults(Config{IdentityAddr: "10.0.0.1:1", BodyLimit: 5, Common: config.Common{InternalSecret: "s3cret-s3cret-s3cret-s3cret-s3cret"}})
	assert.Equal(t, "10.0.0.1:1", cfg.IdentityAddr)
	assert.EqualValues(t, 5, cfg.BodyLimit)
	assert.Equal(t, "127.0.0.1:9102", cfg.CatalogAddr, "zero fields take the default")
	assert.Equal(t, 10*time.Second, cfg.AuthCacheTTL)
	assert.Empty(t, cfg.PublicURL, "empty public URL means the listening address")
}

func TestValidate(t *testing.T) {
	valid := config.WithDefaults(Config{Common: config.Common{InternalSecret: "s3cret-s3cret-s3cret-s3cret-s3cret"}})
	cases := []struct {
		name   string
		change func(*Config)
		ok     bool
	}{
		{"defaults with a secret", func(*Config) {}, true},
		{"no secret", func(c *Config) { c.InternalSecret = "" }, false},
		{"short secret", func(c *Config) { c.InternalSecret = "s3cret" }, false},
		{"negative body limit", func(c *Config) { c.BodyLimit = -1 }, false},
		{"public URL", func(c *Config) { c.PublicURL = "https://videos.example.com/base" }, true},
		{"relative public URL", func(c *Config) { c.PublicURL = "videos.example.com" }, false},
		{"public URL with a query", func(c *Config) { c.PublicURL = "https://x.example?a=b" }, false},
		{"WHIP URL", func(c *Config) { c.LiveWHIPURL = "http://127.0.0.1:8889" }, true},
		{"WHIP URL with a path", func(c *Config) { c.LiveWHIPURL = "http://127.0.0.1:8889/whip" }, false},
		{"media access log sampled", func(c *Config) { c.MediaAccessLog, c.MediaAccessLogSampleRate = "sample", 0.5 }, true},
		{"media access log misspelt", func(c *Config) { c.MediaAccessLog = "on" }, false},
		{"sample rate over 1", func(c *Config) { c.MediaAccessLogSampleRate = 2 }, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cfg := valid
			tc.change(&cfg)
			err := cfg.Validate()
			if tc.ok {
				require.NoError(t, err)
			} else {
				require.Error(t, err)
			}
		})
	}
}
