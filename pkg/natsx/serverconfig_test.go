package natsx_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/secrets"
)

// An operator's nats-server reads the rendered block into the same users
// and rights as the embedded server.
func TestServerConfigIsReadBackByNATS(t *testing.T) {
	users, err := natsx.ServerUsers(secrets.MustRoot(rootSecret))
	require.NoError(t, err)
	text, err := natsx.ServerConfig(users)
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "auth.conf")
	require.NoError(t, os.WriteFile(path, []byte(text), 0o600))

	assert.Contains(t, text, "    # catalog\n    {nkey: ", "each user says which service it is")
	opts, err := server.ProcessConfigFile(path)
	require.NoError(t, err)

	require.Len(t, opts.Nkeys, len(users))
	for i, u := range users {
		assert.Equal(t, u.Nkey, opts.Nkeys[i].Nkey)
		assert.Equal(t, u.Permissions.Publish.Allow, opts.Nkeys[i].Permissions.Publish.Allow)
		assert.Equal(t, u.Permissions.Subscribe.Allow, opts.Nkeys[i].Permissions.Subscribe.Allow)
	}
}

func TestServerConfigRefusesUnrestrictedUsers(t *testing.T) {
	_, err := natsx.ServerConfig([]*server.NkeyUser{{Nkey: "UABC"}})
	assert.ErrorContains(t, err, "has no permissions")
}
