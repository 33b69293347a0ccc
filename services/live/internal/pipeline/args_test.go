package pipeline

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden from the current output")

// assertGolden compares an argument list, one argument per line, with
// testdata/<name>.golden. Run `go test -run Golden -update` after a
// deliberate change and review the diff.
func assertGolden(t *testing.T, name string, args []string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	got := strings.Join(args, "\n") + "\n"
	if *update {
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run with -update to create it")
	assert.Equal(t, string(want), got)
}

func TestLiveArgsGolden(t *testing.T) {
	assertGolden(t, "live_default", Args(DefaultPlan("/work/run")))
}
