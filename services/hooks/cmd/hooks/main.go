// Command hooks runs the hooks service: an account's services (webhook,
// vidhost, s3 targets) and hooks over gRPC. Configuration comes from
// VIDHOST_* environment variables; see app.Config.
package main

import (
	"context"
	"log/slog"
	"os"

	"github.com/vidhost/vidhost/pkg/command"
	"github.com/vidhost/vidhost/services/hooks/app"
)

func main() {
	os.Exit(command.Main(command.Service[app.Config]{
		Name:    "hooks",
		Summary: "an account's services (webhook, vidhost, s3 targets) and hooks over gRPC",
		Run: func(ctx context.Context, cfg app.Config, logger *slog.Logger) error {
			return app.Run(ctx, cfg, logger, app.Options{})
		},
	}))
}
