package drill

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/blob/blobtest"
	"github.com/vidhost/vidhost/pkg/pgserver"
)

// TestDrill runs the cluster drill (about two minutes in its short form;
// VIDHOST_DRILL=full, as `make drill` sets, runs the whole of it).
func TestDrill(t *testing.T) {
	if testing.Short() {
		t.Skip("the cluster drill starts about twenty processes: not in -short")
	}
	require.NoError(t, pgserver.Available())
	plan := ShortPlan
	if os.Getenv("VIDHOST_DRILL") == "full" {
		plan = FullPlan
	}
	cluster := startCluster(t)
	report, err := Run(t.Context(), cluster, plan, t.Logf)
	require.NoError(t, err)
	t.Log("\n" + report.Table())
	for _, problem := range report.Problems() {
		t.Error(problem)
	}
}

// startCluster builds the binaries and starts the cluster, stopped when
// the test ends; a failed test keeps its logs and says where.
func startCluster(t *testing.T) *Cluster {
	t.Helper()
	dir, err := os.MkdirTemp("", "vidhost-drill-") // t.TempDir's parent is closed to the postgres user
	require.NoError(t, err)
	require.NoError(t, os.Chmod(dir, 0o755)) //nolint:gosec // G302: the postgres user traverses it
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Minute)
	defer cancel()
	bin, err := buildBinaries(ctx)
	require.NoError(t, err)
	s3 := blobtest.StartVersityGW(t)
	cluster, err := StartCluster(ctx, FullTopology, Options{Dir: dir, BinDir: bin, S3: s3})
	t.Cleanup(func() {
		cluster.Stop()
		if t.Failed() {
			t.Logf("the drill's logs are in %s", filepath.Join(dir, "logs"))
			return
		}
		_ = os.RemoveAll(dir)
	})
	require.NoError(t, err)
	return cluster
}
