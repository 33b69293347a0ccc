package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/vidhost/vidhost/deploy/devstack/stack"
	"github.com/vidhost/vidhost/pkg/logx"
)

// stopTimeout bounds the drain on SIGTERM; the unit's TimeoutStopSec (90 s)
// leaves room above it before systemd kills the process.
const stopTimeout = 60 * time.Second

// runCommand serves the installation until SIGTERM or SIGINT.
func runCommand(args []string, stdout io.Writer) error {
	configPath, err := configFlag("run", args)
	if err != nil {
		return err
	}
	cfg, err := readConfig(configPath)
	if err != nil {
		return err
	}
	logger := logx.New(stdout, "vidhost-server", cfg.stack.LogLevel, "text")
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	s, pub, err := startServer(ctx, cfg, logger)
	if err != nil && ctx.Err() != nil {
		// SIGTERM while starting (systemctl stop, or a restart, during a
		// slow start): what started was stopped again, as asked.
		logger.Info("stopped on signal while starting", "error", err)
		return nil
	}
	if err != nil {
		return err
	}
	defer pub.stop()
	if _, err := s.WriteEnvFile(); err != nil {
		return err
	}
	logger.Info("vidhost-server is serving", "url", s.URL)
	select {
	case <-ctx.Done():
		logger.Info("stopping on signal")
	case err = <-s.Failed():
		logger.Error("a service stopped", "error", err)
	}
	stopCtx, cancel := context.WithTimeout(context.Background(), stopTimeout)
	defer cancel()
	if stopErr := s.Stop(stopCtx); stopErr != nil {
		return stopErr
	}
	logger.Info("stopped cleanly")
	return err
}

// startServer opens the public listener and starts the suite on it.
func startServer(ctx context.Context, cfg serverConfig, logger *slog.Logger) (*stack.Stack, *public, error) {
	pub, err := openPublic(cfg, logger)
	if err != nil {
		return nil, nil, err
	}
	s, err := stack.StartProduction(ctx, cfg.stack, stack.Production{PublicURL: cfg.own.PublicURL, Listener: pub.listener, TLS: pub.tls}, logger)
	if err != nil {
		pub.stop()
		return nil, nil, pub.explain(explainDatabase(err), cfg)
	}
	return s, pub, nil
}

// configFlag parses the --config flag every subcommand but init takes.
func configFlag(name string, args []string) (string, error) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	path := fs.String("config", defaultConfigPath, "the configuration file")
	if err := fs.Parse(args); err != nil {
		return "", err
	}
	if fs.NArg() > 0 {
		return "", fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	return *path, nil
}
