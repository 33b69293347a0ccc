package e2e

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type apiKey struct {
	ID          string   `json:"id"`
	Name        string   `json:"name"`
	Type        string   `json:"type"`
	Permissions []string `json:"permissions"`
	IPs         []string `json:"ips"`
	Value       *string  `json:"value"`
	Role        string   `json:"role"`
	CreatedTime string   `json:"created_time"`
}

// createKey makes a key through the API and returns it with its secret.
func createKey(t *testing.T, name string, permissions, ips []string) apiKey {
	t.Helper()
	var k apiKey
	mustOK(t, call(t, "POST", "/v2/keys", ownerOf(t), map[string]any{
		"type": "api", "name": name, "permissions": permissions, "ips": ips,
	})).decode(t, &k)
	require.NotNil(t, k.Value, "the create response carries the secret")
	return k
}

func TestWithoutAKeyIs401(t *testing.T) {
	mustFail(t, call(t, "GET", "/v2/categories", "", nil), http.StatusUnauthorized, "")
	mustFail(t, call(t, "GET", "/v2/categories", "vh_not-a-real-key", nil), http.StatusUnauthorized, "")
}

func TestKeySecretIsShownOnce(t *testing.T) {
	k := createKey(t, "shown once", []string{}, []string{})
	assert.Len(t, k.ID, 21)
	assert.Equal(t, "api", k.Type)

	r := mustOK(t, call(t, "GET", "/v2/keys/"+k.ID, ownerOf(t), nil))
	assert.NotContains(t, r.Raw, *k.Value)
	assert.NotContains(t, r.Raw, `"value"`)

	summaries := mustOK(t, call(t, "GET", "/v2/api_keys", ownerOf(t), nil))
	assert.NotContains(t, summaries.Raw, `"ips"`, "GET /api_keys lists keys without their address lists")
	assert.NotContains(t, summaries.Raw, *k.Value)
}

func TestReadOnlyKeyCannotWrite(t *testing.T) {
	k := createKey(t, "reader", []string{"fetch"}, []string{})
	mustOK(t, call(t, "GET", "/v2/categories", *k.Value, nil))
	mustFail(t, call(t, "POST", "/v2/categories", *k.Value, map[string]any{"name": "n", "value": "v"}),
		http.StatusForbidden, "read-only")
	mustFail(t, call(t, "DELETE", "/v2/keys/"+k.ID, *k.Value, nil), http.StatusForbidden, "read-only")
}

func TestKeyAllowListChecksClientAddress(t *testing.T) {
	elsewhere := createKey(t, "office only", []string{}, []string{"203.0.113.7"})
	mustFail(t, call(t, "GET", "/v2/categories", *elsewhere.Value, nil), http.StatusForbidden, "not allowed")

	here := createKey(t, "loopback", []string{}, []string{"127.0.0.1"})
	mustOK(t, call(t, "GET", "/v2/categories", *here.Value, nil))
}

func TestDeletedKeyStopsWorkingWithinASecond(t *testing.T) {
	k := createKey(t, "short lived", []string{}, []string{})
	mustOK(t, call(t, "GET", "/v2/categories", *k.Value, nil)) // now cached by the gateway
	deleted := mustOK(t, call(t, "DELETE", "/v2/keys/"+k.ID, ownerOf(t), nil))
	assert.JSONEq(t, "{}", string(deleted.Body.Result))

	start := time.Now()
	require.Eventually(t, func() bool {
		return call(t, "GET", "/v2/categories", *k.Value, nil).Status == http.StatusUnauthorized
	}, time.Second, 20*time.Millisecond, "a deleted key must be refused within a second")
	t.Logf("deleted key refused after %s", time.Since(start))
	mustFail(t, call(t, "GET", "/v2/keys/"+k.ID, ownerOf(t), nil), http.StatusNotFound, "Not found")
}

func TestKeyValidation(t *testing.T) {
	cases := []struct {
		name string
		body map[string]any
		want string
	}{
		{"type", map[string]any{"type": "jwt", "name": "n", "permissions": []string{}, "ips": []string{}}, "type"},
		{"empty name", map[string]any{"type": "api", "name": "", "permissions": []string{}, "ips": []string{}}, "name"},
		{"long name", map[string]any{"type": "api", "name": strings.Repeat("k", 51), "permissions": []string{}, "ips": []string{}}, "name"},
		{"permissions", map[string]any{"type": "api", "name": "n", "permissions": []string{"admin"}, "ips": []string{}}, "permissions"},
		{"ips", map[string]any{"type": "api", "name": "n", "permissions": []string{}, "ips": []string{"not-an-ip"}}, "ips"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			mustFail(t, call(t, "POST", "/v2/keys", ownerOf(t), tc.body), http.StatusBadRequest, tc.want)
		})
	}
}

// permissions and ips left out are [] (read-write, any address), and the
// response says so (docs/authentication.md).
func TestKeyDefaultsAreShown(t *testing.T) {
	r := mustOK(t, call(t, "POST", "/v2/keys", ownerOf(t), map[string]any{"type": "api", "name": "defaults"}))
	var k apiKey
	r.decode(t, &k)
	assert.Equal(t, []string{}, k.Permissions, "read-write")
	assert.Equal(t, []string{}, k.IPs, "any address")
	assert.Contains(t, r.Raw, `"permissions":[]`)
	assert.Contains(t, r.Raw, `"ips":[]`)
}

func TestPatchKey(t *testing.T) {
	k := createKey(t, "to rename", []string{}, []string{})
	var got apiKey
	mustOK(t, call(t, "PATCH", "/v2/keys/"+k.ID, ownerOf(t), map[string]any{"name": "renamed"})).decode(t, &got)
	assert.Equal(t, "renamed", got.Name)
	assert.Equal(t, []string{}, got.Permissions)
	mustFail(t, call(t, "PATCH", "/v2/keys/"+k.ID, ownerOf(t), map[string]any{"value": "x"}), http.StatusBadRequest, "value")
}

func TestPatchKeyWithNothingToChange(t *testing.T) {
	k := createKey(t, "unchanged", []string{}, []string{})
	mustFail(t, call(t, "PATCH", "/v2/keys/"+k.ID, ownerOf(t), map[string]any{}), http.StatusBadRequest,
		"request must change at least one field")
}
