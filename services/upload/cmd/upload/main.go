// Command upload runs the upload service: uploads over gRPC (REST through
// the gateway), resumable uploads over tus on its HTTP listener, and the
// sweeper. Configuration comes from VIDHOST_* environment variables; see
// app.Config.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/vidhost/vidhost/pkg/config"
	"github.com/vidhost/vidhost/pkg/logx"
	"github.com/vidhost/vidhost/services/upload/app"
)

func main() {
	os.Exit(run())
}

func run() int {
	var cfg app.Config
	if err := config.Load(&cfg); err != nil {
		fmt.Fprintln(os.Stderr, "upload:", err)
		return 2
	}
	logger := logx.New(os.Stderr, "upload", cfg.LogLevel, cfg.LogFormat)
	config.Log(logger, "upload configuration", cfg)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := app.Run(ctx, cfg, logger, app.Options{}); err != nil {
		logger.Error("upload stopped", "error", err)
		return 1
	}
	return 0
}
