// Command live runs the live service: it accepts RTMP publishers of live
// events and turns their streams into live HLS and, at the end, a recording
// for the VOD ladder. Configuration comes from VIDHOST_* environment
// variables; see app.Config.
package main

import (
	"context"
	"log/slog"
	"os"

	"github.com/vidhost/vidhost/pkg/command"
	"github.com/vidhost/vidhost/services/live/app"
)

func main() {
	os.Exit(command.Main(command.Service[app.Config]{
		Name:    "live",
		Summary: "live events: RTMP and SRT publishers in, live HLS out, and a recording for the VOD ladder at the end",
		Run: func(ctx context.Context, cfg app.Config, logger *slog.Logger) error {
			return app.Run(ctx, cfg, logger, app.Options{})
		},
	}))
}
