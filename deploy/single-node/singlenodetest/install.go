package singlenodetest

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/gobuild"
)

// Install builds vidhost and vidhost-server (pkg/gobuild: linked again only
// when their sources changed) and installs them with
// deploy/single-node/install.sh (what `make install` runs) into a temporary
// prefix, which it returns.
func Install(t testing.TB) string {
	t.Helper()
	root := repoRoot(t)
	prefix := t.TempDir()
	bin, err := gobuild.Build(t.Context(), gobuild.Options{}, "./cmd/vidhost", "./cmd/vidhost-server")
	require.NoError(t, err)
	// The script and what it installs are inputs Go's test cache cannot see
	// (the script reads them, not the test): stat-ing them puts them in the
	// test log, as pkg/gobuild does for the binaries' sources.
	for _, input := range []string{"deploy/single-node/install.sh", "deploy/single-node/vidhost.service",
		"deploy/single-node/vidhost.env.example", "docs/single-node.md"} {
		_, err := os.Stat(filepath.Join(root, input))
		require.NoError(t, err)
	}
	install := exec.Command(filepath.Join(root, "deploy/single-node/install.sh")) //nolint:gosec // G204: the repository's own script
	install.Env = append(os.Environ(), "PREFIX="+prefix, "BIN_DIR="+bin)
	out, err := install.CombinedOutput()
	require.NoError(t, err, "%s", out)
	return prefix
}

func repoRoot(t testing.TB) string {
	_, file, _, ok := runtime.Caller(0)
	require.True(t, ok)
	return filepath.Join(filepath.Dir(file), "../../..")
}
