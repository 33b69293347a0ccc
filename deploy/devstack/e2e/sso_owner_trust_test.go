package e2e

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// ownerTrusted reads a provider's owner_trusted.
func ownerTrusted(t *testing.T, key, providerID string) bool {
	t.Helper()
	var idp struct {
		OwnerTrusted bool `json:"owner_trusted"`
	}
	mustOK(t, call(t, "GET", "/v2/identity_providers/"+providerID, key, nil)).decode(t, &idp)
	return idp.OwnerTrusted
}

// TestAnAdminCannotRepointSSOToSignInAsOwner is the last part of issue 26's
// first finding: an admin repoints the account's identity provider at an
// OpenID provider of their own, which vouches for the owner's email, and
// tries to sign in as the owner. Owners sign in only through a provider
// whose sign-in settings an owner saved last. About 3 s.
func TestAnAdminCannotRepointSSOToSignInAsOwner(t *testing.T) {
	domain := uniqueWord(t, "trust") + ".example.com"
	email := "boss@" + domain
	genuine := startOP(t, opUser{ID: "boss", Username: "boss", Password: "the real one", Email: email, EmailVerified: true})
	evil := startOP(t, opUser{ID: "boss", Username: "boss", Password: "the admin's", Email: email, EmailVerified: true})
	tn := newSSOTenant(t, genuine, domain, "uploader")
	require.True(t, ownerTrusted(t, tn.key, tn.providerID), "made with the operator's owner key")

	// The person signs in through the real provider and is made owner.
	require.Equal(t, http.StatusOK, newBrowser(t).signIn(t, email, "boss", "the real one").status)
	boss := userByEmail(t, tn.key, email)
	mustOK(t, call(t, "PATCH", "/v2/users/"+boss["id"].(string), tn.key, map[string]any{"role": "owner"}))
	landed := newBrowser(t).signIn(t, email, "boss", "the real one")
	require.Equal(t, http.StatusOK, landed.status, landed.body)
	assert.Contains(t, landed.body, "(owner)")

	// An admin's key repoints the provider at the admin's own issuer.
	var adminKey roleKey
	mustOK(t, call(t, "POST", "/v2/keys", tn.key, map[string]any{"type": "api", "name": "admin", "role": "admin"})).decode(t, &adminKey)
	mustOK(t, call(t, "PATCH", "/v2/identity_providers/"+tn.providerID, adminKey.Value, map[string]any{
		"issuer_url": evil.issuer, "client_id": evil.clientID, "client_secret": evil.clientSecret,
	}))
	assert.False(t, ownerTrusted(t, tn.key, tn.providerID))
	refused := newBrowser(t).signIn(t, email, "boss", "the admin's")
	assert.Equal(t, http.StatusForbidden, refused.status, refused.body)
	assert.Contains(t, refused.body, "an owner cannot sign in through this identity provider until an owner saves its settings")
	refusedSignIns(t, tn.key, 1)

	// A change that does not touch the sign-in settings trusts nothing;
	// an owner's save does.
	mustOK(t, call(t, "PATCH", "/v2/identity_providers/"+tn.providerID, adminKey.Value, map[string]any{"name": "Renamed"}))
	assert.False(t, ownerTrusted(t, tn.key, tn.providerID))
	mustOK(t, call(t, "PATCH", "/v2/identity_providers/"+tn.providerID, tn.key, map[string]any{
		"issuer_url": genuine.issuer, "client_id": genuine.clientID, "client_secret": genuine.clientSecret,
	}))
	assert.True(t, ownerTrusted(t, tn.key, tn.providerID))
	again := newBrowser(t).signIn(t, email, "boss", "the real one")
	require.Equal(t, http.StatusOK, again.status, again.body)
	assert.Contains(t, again.body, "(owner)")
}
