// Command gateway is Vidhost's edge: REST /v2 in front of the services.
package main

import (
	"context"
	"log/slog"
	"os"

	"github.com/vidhost/vidhost/gateway/app"
	"github.com/vidhost/vidhost/pkg/command"
)

func main() {
	os.Exit(command.Main(command.Service[app.Config]{
		Name:    "gateway",
		Summary: "Vidhost's edge: REST /v2 in front of the services, and the playback pages and media",
		Run: func(ctx context.Context, cfg app.Config, logger *slog.Logger) error {
			return app.Run(ctx, cfg, logger, app.Options{})
		},
	}))
}
