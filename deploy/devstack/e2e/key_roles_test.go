package e2e

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// roleKey is the part of a key resource these tests read.
type roleKey struct {
	ID    string `json:"id"`
	Role  string `json:"role"`
	Value string `json:"value"`
}

// sessionUserID is the id of the person signed in as p.
func sessionUserID(t *testing.T, p *person) string {
	t.Helper()
	var s struct {
		UserID string `json:"user_id"`
	}
	mustOK(t, p.do(t, "GET", "/v2/session", nil)).decode(t, &s)
	require.NotEmpty(t, s.UserID)
	return s.UserID
}

// TestAnAdminsKeyCannotMakeTheAdminOwner is issue 26's first finding, as the
// attacker did it: signed in as admin, mint a key through the session, then
// use the key to make oneself owner, demote the real owner, invite an owner
// and change the account's MFA requirement. A key made by a person acts with
// at most their role (its ceiling, docs/roles.md), follows them when an
// owner lowers it, stops while they are disabled, and dies with them; a key
// minted by that key inherits all of it. About 5 s.
func TestAnAdminsKeyCannotMakeTheAdminOwner(t *testing.T) {
	admin, _ := memberSignedIn(t, "admin")
	adminID := sessionUserID(t, admin)

	var key roleKey
	mustOK(t, admin.do(t, "POST", "/v2/keys", map[string]any{"type": "api", "name": "admin's key"})).decode(t, &key)
	assert.Equal(t, "admin", key.Role, "a key defaults to its creator's role")
	mustFail(t, admin.do(t, "POST", "/v2/keys", map[string]any{"type": "api", "name": "owner key", "role": "owner"}),
		http.StatusForbidden, "you cannot create a key with wider rights than your own: its role (owner) is above yours (admin)")
	mustFail(t, admin.do(t, "PATCH", "/v2/keys/"+key.ID, map[string]any{"role": "owner"}),
		http.StatusForbidden, "you cannot give a key wider rights than your own: its role (owner) is above yours (admin)")

	// The escalation: every step is refused with the key's role.
	mustFail(t, call(t, "PATCH", "/v2/users/"+adminID, key.Value, map[string]any{"role": "owner"}),
		http.StatusForbidden, "only an owner can grant or remove the owner role")
	var owners []user
	mustOK(t, call(t, "GET", "/v2/users?limit=1", ownerOf(t), nil)).decode(t, &owners)
	require.Equal(t, "owner", owners[0].Role)
	mustFail(t, call(t, "PATCH", "/v2/users/"+owners[0].ID, key.Value, map[string]any{"role": "viewer"}),
		http.StatusForbidden, "only an owner can")
	mustFail(t, call(t, "POST", "/v2/invites", key.Value, map[string]any{"email": uniqueWord(t, "boss") + "@example.com", "role": "owner"}),
		http.StatusForbidden, "owner")
	r := call(t, "PUT", "/v2/account/mfa_required", key.Value, map[string]any{"required": true})
	mustFail(t, r, http.StatusForbidden, "this API key's role (admin) cannot do this; it needs owner")
	assert.Equal(t, "role_forbidden", r.Body.Errors[0].Code)
	mustFail(t, call(t, "POST", "/v2/keys", key.Value, map[string]any{"type": "api", "name": "twin", "role": "owner"}),
		http.StatusForbidden, "this API key cannot create a key with wider rights than its own: its role (owner) is above this key's role (admin)")
	var minted roleKey
	mustOK(t, call(t, "POST", "/v2/keys", key.Value, map[string]any{"type": "api", "name": "minted by the key"})).decode(t, &minted)
	assert.Equal(t, "admin", minted.Role)

	// An owner's key of a higher role is out of the admin's reach too.
	var ownerKey roleKey
	mustOK(t, call(t, "POST", "/v2/keys", ownerOf(t), map[string]any{"type": "api", "name": "owner's", "role": "owner"})).decode(t, &ownerKey)
	t.Cleanup(func() { call(t, "DELETE", "/v2/keys/"+ownerKey.ID, ownerOf(t), nil) })
	mustFail(t, admin.do(t, "DELETE", "/v2/keys/"+ownerKey.ID, nil),
		http.StatusForbidden, "you cannot delete a key with wider rights than your own")

	// The key follows its person: lowered to uploader, it may no longer
	// read keys (admin), the moment the PATCH returns.
	mustOK(t, call(t, "GET", "/v2/keys?limit=1", key.Value, nil))
	mustOK(t, call(t, "PATCH", "/v2/users/"+adminID, ownerOf(t), map[string]any{"role": "uploader"}))
	r = call(t, "GET", "/v2/keys?limit=1", key.Value, nil)
	mustFail(t, r, http.StatusForbidden, "this API key's role (uploader) cannot do this; it needs admin or higher")
	mustFail(t, call(t, "GET", "/v2/keys?limit=1", minted.Value, nil), http.StatusForbidden, "(uploader)")

	// Disabled, their keys are refused; enabled again, they work again.
	mustOK(t, call(t, "PATCH", "/v2/users/"+adminID, ownerOf(t), map[string]any{"enabled": false}))
	assert.Equal(t, http.StatusUnauthorized, call(t, "GET", "/v2/videos?limit=1", key.Value, nil).Status)
	assert.Equal(t, http.StatusUnauthorized, call(t, "GET", "/v2/videos?limit=1", minted.Value, nil).Status)
	mustOK(t, call(t, "PATCH", "/v2/users/"+adminID, ownerOf(t), map[string]any{"enabled": true}))
	mustOK(t, call(t, "GET", "/v2/videos?limit=1", key.Value, nil))

	// Deleted, their keys go with them.
	mustOK(t, call(t, "DELETE", "/v2/users/"+adminID, ownerOf(t), nil))
	assert.Equal(t, http.StatusUnauthorized, call(t, "GET", "/v2/videos?limit=1", key.Value, nil).Status)
	assert.Equal(t, http.StatusUnauthorized, call(t, "GET", "/v2/videos?limit=1", minted.Value, nil).Status)
	assert.Equal(t, http.StatusNotFound, call(t, "GET", "/v2/keys/"+key.ID, ownerOf(t), nil).Status)
}

// TestKeysOfEachRoleAreHeldToTheRoleTable checks a key's ceiling is the
// role table's: an owner makes a viewer key, which reads but cannot upload,
// and an uploader key, which uploads but cannot manage players.
func TestKeysOfEachRoleAreHeldToTheRoleTable(t *testing.T) {
	keyOf := func(role string) roleKey {
		var k roleKey
		mustOK(t, call(t, "POST", "/v2/keys", ownerOf(t), map[string]any{"type": "api", "name": role, "role": role})).decode(t, &k)
		t.Cleanup(func() { call(t, "DELETE", "/v2/keys/"+k.ID, ownerOf(t), nil) })
		require.Equal(t, role, k.Role)
		return k
	}
	viewer, uploader := keyOf("viewer"), keyOf("uploader")
	mustOK(t, call(t, "GET", "/v2/videos?limit=1", viewer.Value, nil))
	mustFail(t, call(t, "POST", "/v2/videos", viewer.Value, videoBody(map[string]any{"name": "nope"})),
		http.StatusForbidden, "this API key's role (viewer) cannot do this; it needs uploader or higher")
	v := mustOK(t, call(t, "POST", "/v2/videos", uploader.Value, videoBody(map[string]any{"name": "uploaded by a key"})))
	var created video
	v.decode(t, &created)
	t.Cleanup(func() { call(t, "DELETE", "/v2/videos/"+created.ID, ownerOf(t), nil) })
	mustFail(t, call(t, "POST", "/v2/players", uploader.Value, map[string]any{"name": "nope"}),
		http.StatusForbidden, "this API key's role (uploader) cannot do this; it needs admin or higher")
	mustFail(t, call(t, "POST", "/v2/keys", ownerOf(t), map[string]any{"type": "api", "name": "x", "role": "root"}),
		http.StatusBadRequest, "role must be one of viewer, uploader, admin, owner")
}
