// Command identity runs the identity service: accounts, users and API keys.
// Configuration comes from VIDHOST_* environment variables (see app.Config).
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/vidhost/vidhost/pkg/config"
	"github.com/vidhost/vidhost/pkg/logx"
	"github.com/vidhost/vidhost/services/identity/app"
)

func main() {
	os.Exit(run())
}

func run() int {
	var cfg app.Config
	if err := config.Load(&cfg); err != nil {
		fmt.Fprintln(os.Stderr, "identity:", err)
		return 2
	}
	logger := logx.New(os.Stderr, "identity", cfg.LogLevel, cfg.LogFormat)
	config.Log(logger, "identity configuration", cfg)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := app.Run(ctx, cfg, logger, app.Options{}); err != nil {
		logger.Error("identity stopped", "err", err)
		return 1
	}
	logger.Info("identity stopped")
	return 0
}
