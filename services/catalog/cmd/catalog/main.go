// Command catalog runs the catalog service: videos, folders, categories and
// players over gRPC, and the transcode reports that move videos to ready.
// Configuration comes from VIDHOST_* environment variables; see app.Config.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/vidhost/vidhost/pkg/config"
	"github.com/vidhost/vidhost/pkg/logx"
	"github.com/vidhost/vidhost/services/catalog/app"
)

func main() {
	os.Exit(run())
}

func run() int {
	var cfg app.Config
	if err := config.Load(&cfg); err != nil {
		fmt.Fprintln(os.Stderr, "catalog:", err)
		return 2
	}
	logger := logx.New(os.Stderr, "catalog", cfg.LogLevel, cfg.LogFormat)
	config.Log(logger, "catalog configuration", cfg)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := app.Run(ctx, cfg, logger, app.Options{}); err != nil {
		logger.Error("catalog stopped", "error", err)
		return 1
	}
	return 0
}
