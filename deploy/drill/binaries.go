package drill

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
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

// buildBinaries compiles every binary of binaryPackages into dir, from the
// module rooted at moduleDir.
func buildBinaries(ctx context.Context, moduleDir, dir string) error {
	args := append([]string{"build", "-o", dir + string(filepath.Separator)}, binaryPackages...)
	cmd := exec.CommandContext(ctx, "go", args...) //nolint:gosec // G204: the fixed package list above
	cmd.Dir = moduleDir
	cmd.Env = append(os.Environ(), "GOFLAGS=")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go build: %w\n%s", err, out)
	}
	return nil
}

// moduleRoot finds the directory holding go.mod above the working directory
// (a test runs in its package's directory).
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod above the working directory")
		}
		dir = parent
	}
}
