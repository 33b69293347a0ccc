package browsertest

import (
	"fmt"
	"os"
	"testing"
)

// TestMain owns what the tests share: the media directory and the browser,
// both made on first use and removed at the end.
func TestMain(m *testing.M) {
	code := m.Run()
	closeBrowser()
	if mediaDir != "" {
		if err := os.RemoveAll(mediaDir); err != nil {
			fmt.Fprintln(os.Stderr, "remove test media:", err)
		}
	}
	os.Exit(code)
}
