package media

import (
	"context"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A background tool (the AV1 set's run) runs at niceness backgroundNice
// (or the worker's, if that is lower priority still), what /proc says of it
// once it runs; runTool leaves a tool at the worker's.
func TestBackgroundToolRunsNiced(t *testing.T) {
	nice := func(run func(context.Context, string, []string, func(io.Reader) error) error) string {
		var out string
		read := func(r io.Reader) error {
			data, err := io.ReadAll(r)
			out = strings.TrimSpace(string(data))
			return err
		}
		// field 19 of /proc/<pid>/stat is the niceness; the sleep lets the renice land first
		require.NoError(t, run(context.Background(), "/bin/sh", []string{"-c", `sleep 0.2; cut -d" " -f19 /proc/$$/stat`}, read))
		return out
	}
	own, err := ownNice()
	require.NoError(t, err)
	assert.Equal(t, strconv.Itoa(max(own, backgroundNice)), nice(runBackgroundTool))
	assert.Equal(t, strconv.Itoa(own), nice(runTool))
}
