package command

import (
	"context"
	"errors"
	"log/slog"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

type sampleConfig struct {
	Timeout time.Duration `env:"VIDHOST_COMMAND_TEST_TIMEOUT" envDefault:"1s"`
}

func sample(run func(context.Context, sampleConfig, *slog.Logger) error) Service[sampleConfig] {
	return Service[sampleConfig]{
		Name:    "sample",
		Logging: func(*sampleConfig) (string, string) { return "error", "text" },
		Run:     run,
	}
}

func TestMainExitCodes(t *testing.T) {
	ok := func(context.Context, sampleConfig, *slog.Logger) error { return nil }
	failing := func(context.Context, sampleConfig, *slog.Logger) error { return errors.New("boom") }
	assert.Equal(t, ExitOK, Main(sample(ok)))
	assert.Equal(t, ExitFailed, Main(sample(failing)))

	t.Setenv("VIDHOST_COMMAND_TEST_TIMEOUT", "soon")
	ran := false
	assert.Equal(t, ExitConfig, Main(sample(func(context.Context, sampleConfig, *slog.Logger) error {
		ran = true
		return nil
	})))
	assert.False(t, ran, "a bad configuration stops before anything runs")
}
