// Command gateway is Vidhost's edge: REST /v2 in front of the services.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/vidhost/vidhost/gateway/app"
	"github.com/vidhost/vidhost/pkg/config"
	"github.com/vidhost/vidhost/pkg/logx"
)

func main() {
	os.Exit(run())
}

func run() int {
	var cfg app.Config
	if err := config.Load(&cfg); err != nil {
		fmt.Fprintln(os.Stderr, "gateway:", err)
		return 2
	}
	logger := logx.New(os.Stderr, "gateway", cfg.LogLevel, cfg.LogFormat)
	config.Log(logger, "configuration", cfg)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := app.Run(ctx, cfg, logger, app.Options{}); err != nil {
		logger.Error("gateway stopped", "error", err)
		return 1
	}
	return 0
}
