// Command upload runs the upload service: uploads over gRPC (REST through
// the gateway), resumable uploads over tus on its HTTP listener, and the
// sweeper. Configuration comes from VIDHOST_* environment variables; see
// app.Config.
package main

import (
	"context"
	"log/slog"
	"os"

	"github.com/vidhost/vidhost/pkg/command"
	"github.com/vidhost/vidhost/services/upload/app"
)

func main() {
	os.Exit(command.Main(command.Service[app.Config]{
		Name:    "upload",
		Summary: "uploads over gRPC, resumable uploads over tus, and the sweeper",
		Run: func(ctx context.Context, cfg app.Config, logger *slog.Logger) error {
			return app.Run(ctx, cfg, logger, app.Options{})
		},
	}))
}
