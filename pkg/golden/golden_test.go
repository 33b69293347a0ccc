package golden

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestArgsMatchesOneArgumentALine(t *testing.T) {
	Args(t, "sample", []string{"-i", "in.mp4", "-c:v", "copy"})
}

// TestTextFailsOnADifference runs the comparison against a recording TB, so
// the test sees the failure instead of failing.
func TestTextFailsOnADifference(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "testdata"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "testdata", "x.golden"), []byte("want\n"), 0o644))
	t.Chdir(dir)
	rec := &recorder{TB: t}
	Text(rec, "x", "got\n")
	assert.True(t, rec.failed, "a different text fails")
}

type recorder struct {
	testing.TB
	failed bool
}

func (r *recorder) Errorf(string, ...any) { r.failed = true }
func (r *recorder) FailNow()              { r.failed = true }
func (r *recorder) Helper()               {}
