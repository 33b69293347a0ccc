package golden

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// update is registered once for every test binary that imports golden.
var update = flag.Bool("update", false, "rewrite testdata/*.golden from the current output")

// Args compares an argument list, one argument per line, with
// testdata/<name>.golden.
func Args(t testing.TB, name string, args []string) {
	t.Helper()
	Text(t, name, strings.Join(args, "\n")+"\n")
}

// Text compares got with testdata/<name>.golden, or writes it there with
// -update.
func Text(t testing.TB, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644)) //nolint:gosec // a committed test fixture, readable like any source file
	}
	want, err := os.ReadFile(path) //nolint:gosec // the test's own testdata file
	require.NoError(t, err, "run with -update to create it")
	assert.Equal(t, string(want), got)
}
