// Command catalog runs the catalog service: videos, folders, categories and
// players over gRPC, and the transcode reports that move videos to ready.
// Configuration comes from VIDHOST_* environment variables; see app.Config.
package main

import (
	"context"
	"log/slog"
	"os"

	"github.com/vidhost/vidhost/pkg/command"
	"github.com/vidhost/vidhost/services/catalog/app"
)

func main() {
	os.Exit(command.Main(command.Service[app.Config]{
		Name:    "catalog",
		Summary: "videos, folders, categories and players over gRPC, and the transcode reports that move videos to ready",
		Run: func(ctx context.Context, cfg app.Config, logger *slog.Logger) error {
			return app.Run(ctx, cfg, logger, app.Options{})
		},
	}))
}
