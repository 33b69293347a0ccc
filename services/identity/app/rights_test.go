package app_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"

	"github.com/vidhost/vidhost/pkg/grpcx/grpcxtest"
	"github.com/vidhost/vidhost/pkg/principal"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
)

// restrictedKey creates a key of account A with ips and returns the
// principal the gateway would sign for it.
func (tb *testBundle) restrictedKey(t *testing.T, ips ...string) principal.Principal {
	t.Helper()
	k, err := tb.client.CreateApiKey(as(t, tb.ownerA), &identityv1.CreateApiKeyRequest{
		Type: "api", Name: "restricted", Permissions: []string{}, Ips: ips,
	})
	require.NoError(t, err)
	return principal.Principal{AccountID: tb.ownerA.AccountID, KeyID: k.GetId(), ActorID: "restricted"}
}

// An IP-restricted key can mint keys only within its own addresses.
func TestRestrictedKeyCannotCreateWiderKey(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	ctx := as(t, tb.restrictedKey(t, "10.0.0.0/8", "192.0.2.1"))
	tests := []struct {
		name    string
		ips     []string
		perms   []string
		message string // "" when allowed
	}{
		{name: "unrestricted", ips: []string{},
			message: "this API key cannot create a key with wider rights than its own: it may be used from any address and this key only from its ips"},
		{name: "outside", ips: []string{"10.0.0.0/8", "203.0.113.7"},
			message: "this API key cannot create a key with wider rights than its own: its ips entry 203.0.113.7 is not within this key's ips"},
		{name: "wider prefix", ips: []string{"10.0.0.0/7"},
			message: "this API key cannot create a key with wider rights than its own: its ips entry 10.0.0.0/7 is not within this key's ips"},
		{name: "same", ips: []string{"10.0.0.0/8", "192.0.2.1"}},
		{name: "narrower", ips: []string{"10.1.0.0/16", "10.2.3.4"}},
		{name: "narrower read-only", ips: []string{"192.0.2.1"}, perms: []string{"fetch"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tb.client.CreateApiKey(ctx, &identityv1.CreateApiKeyRequest{
				Type: "api", Name: tt.name, Permissions: tt.perms, Ips: tt.ips,
			})
			if tt.message == "" {
				assert.NoError(t, err)
				return
			}
			grpcxtest.RequireStatus(t, err, codes.PermissionDenied, tt.message)
		})
	}
}

// An IP-restricted key can neither delete nor edit an unrestricted key, nor
// widen a key it may edit (itself included).
func TestRestrictedKeyCannotTouchWiderKey(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	restricted := tb.restrictedKey(t, "10.0.0.0/8")
	ctx := as(t, restricted)
	wide := tb.ownerA.KeyID

	_, err := tb.client.DeleteApiKey(ctx, &identityv1.DeleteApiKeyRequest{Id: wide})
	grpcxtest.RequireStatus(t, err, codes.PermissionDenied,
		"this API key cannot delete a key with wider rights than its own: it may be used from any address and this key only from its ips")
	_, err = tb.client.UpdateApiKey(ctx, updateRequest(wide, &identityv1.ApiKey{Ips: []string{"10.0.0.1"}}, "ips"))
	grpcxtest.RequireStatus(t, err, codes.PermissionDenied,
		"this API key cannot update a key with wider rights than its own: it may be used from any address and this key only from its ips")
	_, err = tb.client.UpdateApiKey(ctx, updateRequest(restricted.KeyID, &identityv1.ApiKey{Ips: []string{}}, "ips"))
	grpcxtest.RequireStatus(t, err, codes.PermissionDenied,
		"this API key cannot give a key wider rights than its own: it may be used from any address and this key only from its ips")

	got, err := tb.client.GetApiKey(ctx, &identityv1.GetApiKeyRequest{Id: wide})
	require.NoError(t, err, "the unrestricted key is still there")
	assert.Empty(t, got.GetIps())
	self, err := tb.client.GetApiKey(ctx, &identityv1.GetApiKeyRequest{Id: restricted.KeyID})
	require.NoError(t, err)
	assert.Equal(t, []string{"10.0.0.0/8"}, self.GetIps(), "the restricted key was not widened")

	// Within its rights it may act: narrow a key, then delete it, then itself.
	narrow := tb.restrictedKeyAs(t, ctx, "10.1.0.0/16")
	_, err = tb.client.UpdateApiKey(ctx, updateRequest(narrow, &identityv1.ApiKey{Ips: []string{"10.1.2.3"}}, "ips"))
	require.NoError(t, err)
	_, err = tb.client.DeleteApiKey(ctx, &identityv1.DeleteApiKeyRequest{Id: narrow})
	require.NoError(t, err)
	_, err = tb.client.DeleteApiKey(ctx, &identityv1.DeleteApiKeyRequest{Id: restricted.KeyID})
	require.NoError(t, err)
	_, err = tb.client.CreateApiKey(ctx, createRequest("after"))
	grpcxtest.RequireStatus(t, err, codes.PermissionDenied, "the API key of this request no longer exists")
}

// A key whose permissions the gateway reports as read-only cannot give a key
// write access, even when the stored key changed in between.
func TestReadOnlyKeyCannotWidenPermissions(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	_, err := tb.client.UpdateApiKey(as(t, readOnly(tb.ownerA)),
		updateRequest(tb.ownerA.KeyID, &identityv1.ApiKey{Permissions: []string{}}, "permissions"))
	grpcxtest.RequireStatus(t, err, codes.PermissionDenied, "this API key is read-only")
}

// restrictedKeyAs creates a key with ips through ctx and returns its id.
func (tb *testBundle) restrictedKeyAs(t *testing.T, ctx context.Context, ips ...string) string {
	t.Helper()
	k, err := tb.client.CreateApiKey(ctx, &identityv1.CreateApiKeyRequest{
		Type: "api", Name: "narrow", Permissions: []string{}, Ips: ips,
	})
	require.NoError(t, err)
	return k.GetId()
}
