package e2e

import (
	"net/http"
	"testing"
)

// Through the gateway, a key restricted to the test's address can neither
// mint an unrestricted key nor delete one, and says why in the envelope.
func TestRestrictedKeyCannotWidenOrDeleteWiderKeys(t *testing.T) {
	victim := createKey(t, "unrestricted", []string{}, []string{})
	restricted := createKey(t, "loopback only", []string{}, []string{"127.0.0.1"})

	mustFail(t, call(t, "POST", "/v2/keys", *restricted.Value, map[string]any{
		"type": "api", "name": "escalated", "permissions": []string{}, "ips": []string{},
	}), http.StatusForbidden, "this API key cannot create a key with wider rights than its own")
	mustFail(t, call(t, "DELETE", "/v2/keys/"+victim.ID, *restricted.Value, nil),
		http.StatusForbidden, "this API key cannot delete a key with wider rights than its own")
	mustOK(t, call(t, "GET", "/v2/keys/"+victim.ID, ownerOf(t), nil))

	mustOK(t, call(t, "POST", "/v2/keys", *restricted.Value, map[string]any{
		"type": "api", "name": "as narrow", "permissions": []string{"fetch"}, "ips": []string{"127.0.0.1"},
	}))
}
