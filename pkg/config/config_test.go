package config

import (
	"bytes"
	"log/slog"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type sample struct {
	Addr     string        `env:"VIDHOST_TEST_ADDR" envDefault:"127.0.0.1:1"`
	Timeout  time.Duration `env:"VIDHOST_TEST_TIMEOUT" envDefault:"5s"`
	Password string        `env:"VIDHOST_TEST_PASSWORD" secret:"true"`
}

func TestLoadDefaultsAndOverrides(t *testing.T) {
	t.Setenv("VIDHOST_TEST_TIMEOUT", "2s")
	var cfg sample
	require.NoError(t, Load(&cfg))
	assert.Equal(t, "127.0.0.1:1", cfg.Addr)
	assert.Equal(t, 2*time.Second, cfg.Timeout)
}

func TestLoadRejectsBadValues(t *testing.T) {
	t.Setenv("VIDHOST_TEST_TIMEOUT", "soon")
	var cfg sample
	assert.Error(t, Load(&cfg))
}

func TestLogRedactsSecrets(t *testing.T) {
	var buf bytes.Buffer
	Log(slog.New(slog.NewTextHandler(&buf, nil)), "config", sample{Password: "hunter2"})
	assert.NotContains(t, buf.String(), "hunter2")
	assert.Contains(t, buf.String(), "[redacted]")
}

func TestDescribeListsWhatLoadReads(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, Describe(&out, &sample{}))
	assert.Equal(t, "  VIDHOST_TEST_ADDR      default \"127.0.0.1:1\"\n"+
		"  VIDHOST_TEST_TIMEOUT   default \"5s\"\n"+
		"  VIDHOST_TEST_PASSWORD  \n", out.String())
}
