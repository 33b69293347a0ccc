package llhlsbrowser

import (
	"os"
	"testing"

	"github.com/vidhost/vidhost/gateway/web/browsertest"
)

// TestMain stops the shared browser at the end.
func TestMain(m *testing.M) {
	code := m.Run()
	browsertest.CloseBrowser()
	os.Exit(code)
}
