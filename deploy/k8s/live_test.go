package k8s

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"sigs.k8s.io/kustomize/kyaml/filesys"
)

// productionWithLive names the production overlay with its commented
// components line for the live service switched on.
const productionWithLive = "overlays/production+live"

// renderWithLive copies deploy/k8s into memory, uncomments the production
// overlay's live component, as an operator enabling it would, and renders.
func renderWithLive(t *testing.T) ([]byte, error) {
	t.Helper()
	memory := filesys.MakeFsInMemory()
	err := filepath.WalkDir(".", func(path string, entry fs.DirEntry, err error) error {
		if err != nil || entry.IsDir() || !strings.HasSuffix(path, ".yaml") && !strings.HasSuffix(path, ".sql") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return memory.WriteFile(filepath.Join("/k8s", path), data)
	})
	require.NoError(t, err)
	const overlay = "/k8s/overlays/production/kustomization.yaml"
	data, err := memory.ReadFile(overlay)
	require.NoError(t, err)
	const commented = "# components:\n#   - ../../components/live"
	require.Contains(t, string(data), commented, "the production overlay offers the live component")
	enabled := strings.Replace(string(data), commented, "components:\n  - ../../components/live", 1)
	require.NoError(t, memory.WriteFile(overlay, []byte(enabled)))
	return renderFS(memory, "/k8s/overlays/production")
}
