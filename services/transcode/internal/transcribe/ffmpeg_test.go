package transcribe_test

import (
	"os/exec"
	"testing"
)

func runFFmpeg(t *testing.T, args ...string) error {
	t.Helper()
	base := []string{"-hide_banner", "-nostdin", "-loglevel", "error", "-y"}
	return exec.CommandContext(t.Context(), "ffmpeg", append(base, args...)...).Run()
}
