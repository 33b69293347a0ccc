package command

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/vidhost/vidhost/pkg/config"
)

type sampleConfig struct {
	config.Common
	Timeout time.Duration `env:"VIDHOST_COMMAND_TEST_TIMEOUT" envDefault:"1s"`
}

func sample(run func(context.Context, sampleConfig, *slog.Logger) error) Service[sampleConfig] {
	return Service[sampleConfig]{
		Name: "sample",
		Run:  run,
	}
}

func TestMainExitCodes(t *testing.T) {
	t.Setenv("VIDHOST_LOG_LEVEL", "error") // config.Common, read by Main: a quiet test
	ok := func(context.Context, sampleConfig, *slog.Logger) error { return nil }
	failing := func(context.Context, sampleConfig, *slog.Logger) error { return errors.New("boom") }
	assert.Equal(t, ExitOK, mainArgs(sample(ok), nil))
	assert.Equal(t, ExitFailed, mainArgs(sample(failing), nil))

	t.Setenv("VIDHOST_COMMAND_TEST_TIMEOUT", "soon")
	ran := false
	assert.Equal(t, ExitConfig, mainArgs(sample(func(context.Context, sampleConfig, *slog.Logger) error {
		ran = true
		return nil
	}), nil))
	assert.False(t, ran, "a bad configuration stops before anything runs")
}

func TestFlags(t *testing.T) {
	for _, tc := range []struct {
		name     string
		args     []string
		done     bool
		code     int
		stdout   string
		stderrIn string
	}{
		{"no arguments: run", nil, false, ExitOK, "", ""},
		{"version", []string{"--version"}, true, ExitOK, "sample ", ""},
		{"help lists the environment", []string{"--help"}, true, ExitOK, "VIDHOST_COMMAND_TEST_TIMEOUT  default \"1s\"", ""},
		{"unknown flag", []string{"--port", "80"}, true, ExitUsage, "", "flag provided but not defined: -port"},
		{"stray argument", []string{"serve"}, true, ExitUsage, "", `unexpected argument "serve"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			done, code := Flags("sample", "a test", &sampleConfig{}, tc.args, &stdout, &stderr)
			assert.Equal(t, tc.done, done)
			assert.Equal(t, tc.code, code)
			assert.Contains(t, stdout.String(), tc.stdout)
			assert.Contains(t, stderr.String(), tc.stderrIn)
		})
	}
}
