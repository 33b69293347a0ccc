// Package command is the main function every Vidhost service shares: answer
// --version and --help, load the configuration from the environment, set up
// the log from its config.Common part, print it (secrets redacted), run until
// SIGINT or SIGTERM, and turn the outcome into an exit code, so each
// cmd/<name>/main.go is one call.
package command

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/vidhost/vidhost/pkg/config"
	"github.com/vidhost/vidhost/pkg/logx"
)

// Exit codes: configuration errors differ from failures while running, so
// an operator (or Kubernetes) can tell a bad deployment from a crash.
const (
	ExitOK     = 0
	ExitFailed = 1
	ExitConfig = 2
	// ExitUsage is an argument the binary does not take (it takes only
	// --version and --help: everything else is configuration).
	ExitUsage = 2
)

// Config is what a service's configuration must be for Main to run it: a
// struct with `env` tags that embeds config.Common, whose log settings Main
// obeys.
type Config interface {
	Shared() config.Common
}

// Service describes one service's process.
type Service[C Config] struct {
	// Name tags log lines and messages ("catalog").
	Name string
	// Summary is the first line of --help ("videos, folders, categories and
	// players over gRPC").
	Summary string
	// Run serves until ctx is done and returns nil after a clean shutdown.
	Run func(ctx context.Context, cfg C, logger *slog.Logger) error
}

// Main runs the service and returns the process's exit code.
func Main[C Config](s Service[C]) int {
	return mainArgs(s, os.Args[1:])
}

// mainArgs is Main with the arguments given (tests do not pass theirs on).
func mainArgs[C Config](s Service[C], args []string) int {
	var cfg C
	if done, code := Flags(s.Name, s.Summary, &cfg, args, os.Stdout, os.Stderr); done {
		return code
	}
	if err := config.Load(&cfg); err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", s.Name, err)
		return ExitConfig
	}
	var obs Observability
	if err := config.Load(&obs); err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", s.Name, err)
		return ExitConfig
	}
	common := cfg.Shared()
	logger := logx.New(os.Stderr, s.Name, common.LogLevel, common.LogFormat)
	config.Log(logger, s.Name+" configuration", cfg)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ctx, stopObserving, err := observe(ctx, s.Name, obs, logger)
	if err != nil {
		logger.Error(s.Name+" could not start", "error", err)
		return ExitFailed
	}
	defer stopObserving()
	if err := s.Run(ctx, cfg, logger); err != nil {
		logger.Error(s.Name+" stopped", "error", err)
		return ExitFailed
	}
	return ExitOK
}
