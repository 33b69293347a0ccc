// Command transcode runs a transcode worker: it takes jobs from JetStream
// (transcode.jobs), runs ffmpeg on them, stores the outputs and reports
// progress, completion or failure; gRPC serves health checks only.
// Configuration comes from VIDHOST_* environment variables; see app.Config.
package main

import (
	"context"
	"log/slog"
	"os"

	"github.com/vidhost/vidhost/pkg/command"
	"github.com/vidhost/vidhost/services/transcode/app"
)

func main() {
	os.Exit(command.Main(command.Service[app.Config]{
		Name:    "transcode",
		Summary: "a transcode worker: jobs from JetStream through ffmpeg to stored outputs",
		Run: func(ctx context.Context, cfg app.Config, logger *slog.Logger) error {
			return app.Run(ctx, cfg, logger, app.Options{})
		},
	}))
}
