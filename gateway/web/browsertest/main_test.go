package browsertest

import (
	"os"
	"testing"
)

// TestMain owns what the tests share: the media directory and the browser,
// both made on first use and removed at the end.
func TestMain(m *testing.M) {
	code := m.Run()
	CloseBrowser()
	RemoveMedia()
	os.Exit(code)
}
