package singlenode_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestUnitPassesSystemdAnalyzeVerify checks the unit as systemd would load
// it, with ExecStart pointing at an executable that exists here
// (install.sh rewrites the path the same way for its prefix).
func TestUnitPassesSystemdAnalyzeVerify(t *testing.T) {
	analyze, err := exec.LookPath("systemd-analyze")
	require.NoError(t, err, "systemd-analyze is needed (Debian: apt-get install systemd; deploy/scripts/install-deps.sh)")
	unit, err := os.ReadFile("vidhost.service")
	require.NoError(t, err)
	executable, err := os.Executable()
	require.NoError(t, err)
	body := strings.Replace(string(unit), "/usr/local/bin/vidhost-server", executable, 1)
	path := filepath.Join(t.TempDir(), "vidhost.service")
	require.NoError(t, os.WriteFile(path, []byte(body), 0o600))

	out, err := exec.Command(analyze, "verify", path).CombinedOutput() //nolint:gosec // G204: systemd-analyze on our own file
	assert.NoError(t, err, "%s", out)
	assert.NotContains(t, string(out), "vidhost.service", "systemd-analyze finds nothing to say about the unit")
}

func TestUnitHasTheHardeningTheGuidePromises(t *testing.T) {
	unit, err := os.ReadFile("vidhost.service")
	require.NoError(t, err)
	for _, line := range []string{"User=vidhost", "StateDirectory=vidhost", "ProtectSystem=strict", "NoNewPrivileges=true",
		"Restart=on-failure", "TimeoutStopSec=90"} {
		assert.Contains(t, string(unit), line+"\n")
	}
}
