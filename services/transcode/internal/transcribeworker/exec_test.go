package transcribeworker_test

import (
	"os/exec"
	"testing"
)

func run(t *testing.T, bin string, args ...string) error {
	t.Helper()
	return exec.CommandContext(t.Context(), bin, args...).Run()
}
