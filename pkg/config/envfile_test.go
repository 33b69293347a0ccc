package config

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReadEnvFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "devstack.env")
	require.NoError(t, os.WriteFile(path, []byte("VIDHOST_URL=http://x\nnot a pair\n# VIDHOST_COMMENTED=out\n  \nexport VIDHOST_API_KEY=vh_a=b\nexport VIDHOST_METRICS_URLS=\"http://a/metrics http://b/metrics\"\n"), 0o600))

	got, err := ReadEnvFile(path)

	require.NoError(t, err)
	assert.Equal(t, map[string]string{"VIDHOST_URL": "http://x", "VIDHOST_API_KEY": "vh_a=b",
		"VIDHOST_METRICS_URLS": "http://a/metrics http://b/metrics"}, got)
}

func TestKeysListsWhatLoadReads(t *testing.T) {
	var cfg struct {
		Name  string `env:"VIDHOST_NAME"`
		Inner struct {
			Port int `env:"VIDHOST_PORT" envDefault:"1"`
		}
	}
	keys, err := Keys(&cfg)
	require.NoError(t, err)
	assert.Equal(t, []string{"VIDHOST_NAME", "VIDHOST_PORT"}, keys)
}
