// Command identity runs the identity service: accounts, users and API keys.
// Configuration comes from VIDHOST_* environment variables (see app.Config).
package main

import (
	"context"
	"log/slog"
	"os"

	"github.com/vidhost/vidhost/pkg/command"
	"github.com/vidhost/vidhost/services/identity/app"
)

func main() {
	os.Exit(command.Main(command.Service[app.Config]{
		Name:    "identity",
		Summary: "accounts, users and API keys over gRPC",
		Run: func(ctx context.Context, cfg app.Config, logger *slog.Logger) error {
			return app.Run(ctx, cfg, logger, app.Options{})
		},
	}))
}
