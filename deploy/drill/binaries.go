package drill

import (
	"context"

	"github.com/vidhost/vidhost/pkg/gobuild"
)

// binaryPackages are the binaries the drill runs, built from this module;
// nats-server comes from the module's own nats-server/v2 requirement, so the
// server is the release the services are tested against, not the
// distribution's.
var binaryPackages = []string{
	"github.com/nats-io/nats-server/v2",
	"./gateway/cmd/gateway",
	"./services/identity/cmd/identity",
	"./services/catalog/cmd/catalog",
	"./services/upload/cmd/upload",
	"./services/hooks/cmd/hooks",
	"./services/analytics/cmd/analytics",
	"./services/transcode/cmd/transcode",
}

// buildBinaries compiles every binary of binaryPackages into gobuild's
// cache folder (linked again only when their sources changed) and returns it.
func buildBinaries(ctx context.Context) (string, error) {
	return gobuild.Build(ctx, gobuild.Options{}, binaryPackages...)
}
