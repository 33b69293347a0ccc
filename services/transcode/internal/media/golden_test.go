package media

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

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

func TestSpeechArgsGolden(t *testing.T) {
	assertGolden(t, "speech_wav", speechArgs("/work/source", "/work/speech.wav", 3*time.Hour))
}
