package config

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// group is a nested group of settings, read field by field like
// blob.Settings.
type group struct {
	Region string `env:"VIDHOST_TEST_REGION" envDefault:"us-east-1"`
	Bucket string `env:"VIDHOST_TEST_BUCKET"`
}

// layered has every shape a service Config uses: an embedded Common, a
// nested group, durations, a slice and a field without a default.
type layered struct {
	Common
	Addr     string          `env:"VIDHOST_TEST_ADDR" envDefault:"127.0.0.1:1"`
	Timeout  time.Duration   `env:"VIDHOST_TEST_TIMEOUT" envDefault:"5s"`
	Schedule []time.Duration `env:"VIDHOST_TEST_SCHEDULE" envSeparator:"," envDefault:"1s,1m"`
	Workers  int             `env:"VIDHOST_TEST_WORKERS" envDefault:"4"`
	Store    group
	Optional string `env:"VIDHOST_TEST_OPTIONAL"`
}

func TestDefaultsAreWhatLoadGivesWithoutEnvironment(t *testing.T) {
	t.Setenv("VIDHOST_TEST_ADDR", "10.0.0.1:2") // Defaults must not read it
	cfg := Defaults[layered]()

	assert.Equal(t, layered{
		Common: Common{NATSURL: "nats://127.0.0.1:4222", LogLevel: "info", LogFormat: "text",
			NATS: cfg.NATS},
		Addr: "127.0.0.1:1", Timeout: 5 * time.Second, Schedule: []time.Duration{time.Second, time.Minute},
		Workers: 4, Store: group{Region: "us-east-1"},
	}, cfg)
	assert.Equal(t, 1, cfg.NATS.Replicas, "a group inside the embedded Common")

	t.Setenv("VIDHOST_TEST_ADDR", "")
	var loaded layered
	require.NoError(t, Load(&loaded))
	assert.Equal(t, cfg, loaded)
}

func TestWithDefaultsFillsOnlyZeroFields(t *testing.T) {
	cfg := WithDefaults(layered{
		Common:  Common{InternalSecret: "s3cret", LogLevel: "debug"},
		Timeout: time.Minute,
		Store:   group{Bucket: "videos"},
	})

	assert.Equal(t, "s3cret", cfg.InternalSecret, "set in code: kept")
	assert.Equal(t, "debug", cfg.LogLevel)
	assert.Equal(t, "text", cfg.LogFormat, "zero in the embedded struct: the default")
	assert.Equal(t, "nats://127.0.0.1:4222", cfg.NATSURL)
	assert.Equal(t, 1, cfg.NATS.Replicas)
	assert.Equal(t, time.Minute, cfg.Timeout)
	assert.Equal(t, []time.Duration{time.Second, time.Minute}, cfg.Schedule, "a nil slice takes the default")
	assert.Equal(t, 4, cfg.Workers)
	assert.Equal(t, group{Region: "us-east-1", Bucket: "videos"}, cfg.Store, "a group is filled field by field")
	assert.Empty(t, cfg.Optional, "no default: stays empty")
}

func TestWithDefaultsKeepsASetSlice(t *testing.T) {
	cfg := WithDefaults(layered{Schedule: []time.Duration{time.Hour}})
	assert.Equal(t, []time.Duration{time.Hour}, cfg.Schedule)
}

func TestDefaultsPanicsOnABadTag(t *testing.T) {
	type broken struct {
		Timeout time.Duration `env:"VIDHOST_TEST_BROKEN" envDefault:"soon"`
	}
	assert.Panics(t, func() { Defaults[broken]() })
}

func TestCommonNATSClient(t *testing.T) {
	c := Defaults[Common]()
	c.InternalSecret = "s3cret"
	client := c.NATSClient("catalog")
	assert.Equal(t, "nats://127.0.0.1:4222", client.URL)
	assert.Equal(t, "catalog", client.Service)
	assert.Equal(t, "s3cret", client.Secret)
	assert.Equal(t, c.NATS, client.Settings)
	assert.Equal(t, c, c.Shared())
}
