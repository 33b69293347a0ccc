package e2e

import (
	"net/http"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/config"
)

// TestMailpitInEnvFile checks the devstack runs Mailpit and publishes its
// URL in devstack.env (mode 0600), where scripts and tests find the inbox.
func TestMailpitInEnvFile(t *testing.T) {
	path, err := suiteOf(t).WriteEnvFile()
	require.NoError(t, err)
	info, err := os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), info.Mode().Perm())
	saved, err := config.ReadEnvFile(path)
	require.NoError(t, err)
	assert.Equal(t, suiteOf(t).MailpitURL(), saved["VIDHOST_MAILPIT_URL"])

	resp, err := http.Get(suiteOf(t).MailpitURL() + "/api/v1/messages") //nolint:noctx // a loopback test call
	require.NoError(t, err)
	defer resp.Body.Close()
	assert.Equal(t, http.StatusOK, resp.StatusCode)
}
