// Command transcode runs a transcode worker: it takes jobs from JetStream
// (transcode.jobs), runs ffmpeg on them, stores the outputs and reports
// progress, completion or failure; gRPC serves health checks only.
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
	"github.com/vidhost/vidhost/services/transcode/app"
)

func main() {
	os.Exit(run())
}

func run() int {
	var cfg app.Config
	if err := config.Load(&cfg); err != nil {
		fmt.Fprintln(os.Stderr, "transcode:", err)
		return 2
	}
	logger := logx.New(os.Stderr, "transcode", cfg.LogLevel, cfg.LogFormat)
	config.Log(logger, "transcode configuration", cfg)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := app.Run(ctx, cfg, logger, app.Options{}); err != nil {
		logger.Error("transcode stopped", "error", err)
		return 1
	}
	return 0
}
