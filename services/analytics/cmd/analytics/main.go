// Command analytics runs the analytics service: it stores the playback
// edge's view events from JetStream and keeps the daily roll-ups the views
// reports read. Configuration comes from VIDHOST_* environment variables;
// see app.Config.
package main

import (
	"context"
	"log/slog"
	"os"

	"github.com/vidhost/vidhost/pkg/command"
	"github.com/vidhost/vidhost/services/analytics/app"
)

func main() {
	os.Exit(command.Main(command.Service[app.Config]{
		Name:    "analytics",
		Summary: "stores the playback edge's view events and keeps the daily roll-ups the views reports read",
		Run: func(ctx context.Context, cfg app.Config, logger *slog.Logger) error {
			return app.Run(ctx, cfg, logger, app.Options{})
		},
	}))
}
