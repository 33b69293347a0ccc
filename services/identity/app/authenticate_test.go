package app_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"

	"github.com/vidhost/vidhost/pkg/grpcx/grpcxtest"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
)

const unauthenticated = "a valid API key is required"

func TestAuthenticate(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	created, err := tb.client.CreateApiKey(as(t, tb.ownerB), &identityv1.CreateApiKeyRequest{
		Type: "api", Name: "reader", Permissions: []string{"fetch"}, Ips: []string{"198.51.100.0/24", "2001:db8::7"},
	})
	require.NoError(t, err)

	// The gateway calls without a principal: it has none yet.
	resp, err := tb.client.Authenticate(t.Context(), &identityv1.AuthenticateRequest{Key: created.GetValue()})
	require.NoError(t, err)
	p := resp.GetPrincipal()
	assert.Equal(t, tb.ownerB.AccountID, p.GetAccountId())
	assert.Equal(t, created.GetId(), p.GetKeyId())
	assert.Equal(t, created.GetId(), p.GetActorId(), "the key is the actor")
	assert.Equal(t, []string{"fetch"}, p.GetPermissions())
	assert.Equal(t, []string{"198.51.100.0/24", "2001:db8::7"}, p.GetIps())
	assert.False(t, p.GetLiveEnabled())
}

func TestAuthenticateBootstrapKeyAndLivePlan(t *testing.T) {
	t.Parallel()
	tb := setup(t)

	resp, err := tb.client.Authenticate(t.Context(), &identityv1.AuthenticateRequest{Key: tb.bootstrap.APIKey})
	require.NoError(t, err)
	p := resp.GetPrincipal()
	assert.Equal(t, tb.bootstrap.AccountID, p.GetAccountId())
	assert.Empty(t, p.GetPermissions(), "the bootstrap key reads and writes")
	assert.Empty(t, p.GetIps())
	assert.True(t, p.GetLiveEnabled(), "the bootstrap account is on the enterprise plan")
}

func TestAuthenticateDerivesLiveFromThePlan(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	for _, tc := range []struct {
		plan string
		live bool
	}{{"free", false}, {"pro", true}, {"enterprise", true}} {
		t.Run(tc.plan, func(t *testing.T) {
			_, err := tb.pool.Exec(t.Context(), "UPDATE accounts SET plan = $1 WHERE id = $2", tc.plan, tb.bootstrap.AccountID)
			require.NoError(t, err)
			resp, err := tb.client.Authenticate(t.Context(), &identityv1.AuthenticateRequest{Key: tb.bootstrap.APIKey})
			require.NoError(t, err)
			assert.Equal(t, tc.live, resp.GetPrincipal().GetLiveEnabled())
		})
	}
	_, err := tb.pool.Exec(t.Context(), "UPDATE accounts SET plan = 'standard' WHERE id = $1", tb.bootstrap.AccountID)
	assert.Error(t, err, "the database refuses a plan outside the table")
}

func TestAuthenticateRefusesDeletedKeys(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	created, err := tb.client.CreateApiKey(as(t, tb.ownerA), createRequest("short-lived"))
	require.NoError(t, err)
	_, err = tb.client.Authenticate(t.Context(), &identityv1.AuthenticateRequest{Key: created.GetValue()})
	require.NoError(t, err)

	_, err = tb.client.DeleteApiKey(as(t, tb.ownerA), &identityv1.DeleteApiKeyRequest{Id: created.GetId()})
	require.NoError(t, err)
	_, err = tb.client.Authenticate(t.Context(), &identityv1.AuthenticateRequest{Key: created.GetValue()})
	grpcxtest.RequireStatus(t, err, codes.Unauthenticated, unauthenticated)
}

// Every bad secret gets the same answer, so nothing tells a caller whether
// a key exists.
func TestAuthenticateRefusesBadSecrets(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	value := tb.bootstrap.APIKey
	// Well formed, so it reaches the database, but no such key exists.
	other := "a"
	if value[len(value)-1] == 'a' {
		other = "b"
	}
	flipped := value[:len(value)-1] + other
	for name, key := range map[string]string{
		"empty":        "",
		"garbage":      "hello",
		"wrong secret": flipped,
		"key id":       tb.listIDs(t, tb.ownerA, 25)[0],
		"with bearer":  "Bearer " + value,
		"truncated":    value[:len(value)-1],
	} {
		t.Run(name, func(t *testing.T) {
			_, err := tb.client.Authenticate(t.Context(), &identityv1.AuthenticateRequest{Key: key})
			grpcxtest.RequireStatus(t, err, codes.Unauthenticated, unauthenticated)
		})
	}
}
