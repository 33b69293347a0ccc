package cli

import (
	"bytes"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// closedURL is the URL of a loopback port nothing listens on: a request to
// it fails at once, as an API that is down does.
func closedURL(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	url := "http://" + l.Addr().String()
	require.NoError(t, l.Close())
	return url
}

// signedIn is an environment with a URL and a key, and nothing saved.
func signedIn(t *testing.T, url string) Env {
	return isolated(t, map[string]string{"VIDHOST_URL": url, "VIDHOST_API_KEY": "vh_test_key"})
}

// assertOneSentence checks a failure's stderr: one line, the CLI's name
// once, no Go field names of the SDK's parameters.
func assertOneSentence(t *testing.T, stderr string) {
	t.Helper()
	assert.Equal(t, 1, strings.Count(stderr, "\n"), "one line: %q", stderr)
	assert.Equal(t, 1, strings.Count(stderr, "vidhost:"), "the prefix once: %q", stderr)
	assert.NotRegexp(t, `\b(Name|Body|Size|UploadParams)\b`, stderr, "no Go field names")
}

func TestUploadOfAnEmptyFileSaysSo(t *testing.T) {
	empty := filepath.Join(t.TempDir(), "empty.mp4")
	require.NoError(t, os.WriteFile(empty, nil, 0o600))
	code, stdout, stderr := run(t, signedIn(t, closedURL(t)), "upload", empty)
	assert.Equal(t, exitFailed, code)
	assert.Empty(t, stdout)
	assert.Equal(t, "vidhost: "+empty+": the file is empty\n", stderr)
	assertOneSentence(t, stderr)
}

func TestUploadOfWhatIsNoFileSaysSo(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ path, want string }{
		{filepath.Join(dir, "missing.mp4"), "no such file or directory"},
		{dir, "not a regular file"},
	} {
		code, _, stderr := run(t, signedIn(t, closedURL(t)), "upload", tc.path)
		assert.Equal(t, exitFailed, code)
		assert.Equal(t, "vidhost: "+tc.path+": "+tc.want+"\n", stderr)
	}
}

func TestAnUnreachableAPINamesTheCLIOnce(t *testing.T) {
	clip := filepath.Join(t.TempDir(), "clip.webm")
	require.NoError(t, os.WriteFile(clip, []byte("bytes"), 0o600))
	// An upload's creation is a POST, which the SDK does not repeat: the
	// answer is immediate.
	code, _, stderr := run(t, signedIn(t, closedURL(t)), "upload", clip)
	assert.Equal(t, exitFailed, code)
	assert.Contains(t, stderr, "connection refused")
	assert.True(t, strings.HasPrefix(stderr, "vidhost: "+clip+": create upload: "), stderr)
	assertOneSentence(t, stderr)
}

func TestWrappedSDKErrorsLoseTheirPrefix(t *testing.T) {
	err := fmt.Errorf("clip.mp4: %w", fmt.Errorf("vidhost: upload clip.mp4: %w", fmt.Errorf("vidhost: read response: %w", os.ErrClosed)))
	code, message := errorMessage(err)
	assert.Equal(t, "error", code)
	assert.Equal(t, "clip.mp4: upload clip.mp4: read response: file already closed", message)
}

func TestProgressIsDrawnOnlyOnATerminal(t *testing.T) {
	reader, writer, err := os.Pipe()
	require.NoError(t, err)
	defer reader.Close()
	var buffer bytes.Buffer
	for name, w := range map[string]*app{"pipe": {stderr: writer}, "buffer": {stderr: &buffer}} {
		assert.False(t, isTerminal(w.stderr), name)
		bar := w.bar(100, "clip.mp4", false, true)
		require.NoError(t, bar.Set(50))
		require.NoError(t, bar.Finish())
	}
	require.NoError(t, writer.Close())
	drawn, err := io.ReadAll(reader)
	require.NoError(t, err)
	assert.Empty(t, drawn, "nothing drawn into a pipe")
	assert.Empty(t, buffer.String(), "nothing drawn into a buffer")
}
