package media

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/services/transcode/internal/mediatest"
)

func TestRunToolReportsStderrTail(t *testing.T) {
	mediatest.RequireTools(t)
	err := runTool(context.Background(), "ffmpeg", []string{"-hide_banner", "-loglevel", "error", "-i", "/nonexistent/x.mp4"}, discardStdout)
	var execErr *ExecError
	require.ErrorAs(t, err, &execErr)
	assert.Equal(t, "ffmpeg", execErr.Tool)
	assert.Contains(t, err.Error(), "No such file or directory")
}

func TestRunToolStopsWithTheContext(t *testing.T) {
	mediatest.RequireTools(t)
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	// A real-time source that never ends: only the context can stop it.
	args := []string{"-hide_banner", "-nostdin", "-re", "-f", "lavfi", "-i", "nullsrc=size=32x32", "-f", "null", "-"}
	err := runTool(ctx, "ffmpeg", args, discardStdout)
	assert.ErrorIs(t, err, context.DeadlineExceeded)
}

func TestRunToolStopsWhenTheReaderFails(t *testing.T) {
	mediatest.RequireTools(t)
	stop := errors.New("publisher failed")
	args := []string{"-hide_banner", "-nostdin", "-re", "-f", "lavfi", "-i", "nullsrc=size=32x32", "-progress", "pipe:1", "-f", "null", "-"}
	err := runTool(context.Background(), "ffmpeg", args, func(r io.Reader) error {
		return scanProgress(r, func(progressUpdate) error { return stop })
	})
	assert.ErrorIs(t, err, stop)
}

func TestRunToolMissingBinary(t *testing.T) {
	err := runTool(context.Background(), "/nonexistent/ffmpeg", nil, discardStdout)
	require.Error(t, err)
	assert.True(t, strings.HasPrefix(err.Error(), "start ffmpeg:"), err.Error())
}

func TestTailBufferKeepsTheEnd(t *testing.T) {
	buffer := newTailBuffer(10)
	_, _ = buffer.Write([]byte("0123456789"))
	_, _ = buffer.Write([]byte("abc"))
	assert.Equal(t, "3456789abc", buffer.String())
	assert.Equal(t, "last", lastLine("first\nlast\n\n"))
}
