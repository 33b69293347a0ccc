package natsx_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/natstest"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/secrets"
)

var rootSecret = strings.Repeat("r", secrets.MinLength)

func TestConnectRefusesPlaintextOffLoopback(t *testing.T) {
	tests := []struct {
		name, url string
		settings  natsx.Settings
		wantErr   string
	}{
		{"remote host", "nats://nats.internal:4222", natsx.Settings{}, "VIDHOST_NATS_URL nats://nats.internal:4222 is not on loopback"},
		{"remote address", "nats://10.0.0.7:4222", natsx.Settings{}, "set VIDHOST_NATS_CA_FILE"},
		{"one remote server of a cluster", "nats://127.0.0.1:4222,nats://10.0.0.7:4222", natsx.Settings{}, "is not on loopback"},
		{"a client certificate without its key", "tls://10.0.0.7:4222", natsx.Settings{CertFile: "client.pem"}, "VIDHOST_NATS_CERT_FILE and VIDHOST_NATS_KEY_FILE go together"},
		// TLS is on: the missing CA file is what stops the connection.
		{"remote with a CA file", "nats://10.0.0.7:4222", natsx.Settings{CAFile: "/nonexistent/ca.pem"}, "ca.pem"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := natsx.Connect(natsx.Client{URL: tt.url, Service: natsx.ServiceCatalog, Secret: rootSecret, Settings: tt.settings})
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.wantErr)
		})
	}
}

func TestConnectCredentials(t *testing.T) {
	url := natstest.Start(t)
	tests := []struct {
		name    string
		client  natsx.Client
		wantErr string
	}{
		{"derived from the root secret", natstest.Client(url, natsx.ServiceCatalog), ""},
		{"explicit seed", natsx.Client{URL: url, Service: natsx.ServiceCatalog, Settings: natstest.Settings(t, natsx.ServiceCatalog)}, ""},
		{"localhost stays plaintext", natsx.Client{URL: strings.Replace(url, "127.0.0.1", "localhost", 1), Service: natsx.ServiceCatalog, Secret: natstest.Secret}, ""},
		{"no credentials", natsx.Client{URL: url, Service: natsx.ServiceCatalog}, "no NATS credentials"},
		{"a short root secret", natsx.Client{URL: url, Service: natsx.ServiceCatalog, Secret: "short"}, "VIDHOST_INTERNAL_SECRET must be at least 32 bytes"},
		{"a seed that is not one", natsx.Client{URL: url, Service: natsx.ServiceCatalog, Settings: natsx.Settings{NkeySeed: "SUnot-a-seed"}}, "VIDHOST_NATS_NKEY_SEED is not an nkey seed"},
		{"seed and creds file", natsx.Client{URL: url, Service: natsx.ServiceCatalog, Settings: natsx.Settings{NkeySeed: "x", CredsFile: "y"}}, "not both"},
		{"another root's key", natsx.Client{URL: url, Service: natsx.ServiceCatalog, Secret: rootSecret}, "Authorization Violation"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			nc, err := natsx.Connect(tt.client)
			if tt.wantErr != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.wantErr)
				assert.NotContains(t, err.Error(), "SUnot-a-seed", "a seed is never echoed")
				return
			}
			require.NoError(t, err)
			defer nc.Close()
			assert.True(t, nc.IsConnected())
		})
	}
}

func TestEveryServiceHasAUser(t *testing.T) {
	users, err := natsx.ServerUsers(secrets.MustRoot(rootSecret))
	require.NoError(t, err)
	require.Len(t, users, len(natsx.Services()))
	keys := map[string]bool{}
	for _, u := range users {
		assert.True(t, strings.HasPrefix(u.Nkey, "U"), "a user key")
		require.NotNil(t, u.Permissions, "no user without limits")
		assert.Equal(t, []string{"_INBOX_"}, []string{u.Permissions.Subscribe.Allow[0][:7]})
		keys[u.Nkey] = true
	}
	assert.Len(t, keys, len(users), "one key per service")
}
