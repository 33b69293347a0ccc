package browsertest

import (
	"os"
	"testing"

	"github.com/vidhost/vidhost/gateway/web/browsertest"
)

// TestMain stops the shared browser and removes the generated stream.
func TestMain(m *testing.M) {
	code := m.Run()
	browsertest.CloseBrowser()
	browsertest.RemoveMedia()
	os.Exit(code)
}
