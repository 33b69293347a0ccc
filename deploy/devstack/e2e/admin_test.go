package e2e

import (
	"bytes"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/cmd/vidhost/cli"
)

// admin runs `vidhost admin args… --json` in-process against the suite,
// as an operator would with VIDHOST_IDENTITY_ADDR and
// VIDHOST_INTERNAL_SECRET set, and returns the one JSON object it printed.
func admin(t *testing.T, args ...string) (int, map[string]any) {
	t.Helper()
	environ := map[string]string{"VIDHOST_IDENTITY_ADDR": suiteOf(t).IdentityAddr, "VIDHOST_INTERNAL_SECRET": suiteOf(t).InternalSecret()}
	env := cli.Env{Getenv: func(k string) string { return environ[k] }, Dir: t.TempDir()}
	var stdout, stderr bytes.Buffer
	code := cli.Run(t.Context(), append(append([]string{"admin"}, args...), "--json"), env, &stdout, &stderr)
	var out map[string]any
	require.NoError(t, json.Unmarshal(stdout.Bytes(), &out), "one JSON object: %q (stderr %q)", stdout.String(), stderr.String())
	return code, out
}

// tenant is an account made with the admin command.
type tenant struct{ id, key string }

func createTenant(t *testing.T, name, plan string) tenant {
	t.Helper()
	code, out := admin(t, "accounts", "create", "--name", name, "--owner-email", uniqueWord(t, "owner")+"@example.com", "--plan", plan)
	require.Equal(t, 0, code, out)
	assert.Equal(t, plan, out["plan"])
	return tenant{id: out["id"].(string), key: out["api_key"].(string)}
}

func TestAdminCommandManagesAccounts(t *testing.T) {
	acc := createTenant(t, "Admin e2e", "free")
	assert.Len(t, acc.id, 21)
	assert.Regexp(t, `^vh_`, acc.key)
	mustOK(t, call(t, "GET", "/v2/videos", acc.key, nil))

	code, list := admin(t, "accounts", "list")
	require.Equal(t, 0, code)
	var ids []string
	for _, item := range list["items"].([]any) {
		ids = append(ids, item.(map[string]any)["id"].(string))
	}
	assert.Contains(t, ids, acc.id)
	assert.Contains(t, ids, suiteOf(t).Credentials.AccountID)

	code, recovered := admin(t, "keys", "recover", acc.id)
	require.Equal(t, 0, code)
	assert.Equal(t, acc.id, recovered["account_id"])
	mustOK(t, call(t, "GET", "/v2/videos", recovered["api_key"].(string), nil))

	code, refused := admin(t, "accounts", "create", "--name", "x", "--owner-email", "not an email")
	assert.Equal(t, 1, code)
	assert.Equal(t, map[string]any{"code": "invalid_argument", "message": "owner_email must be an email address"}, refused["error"])
	code, refused = admin(t, "accounts", "set-plan", acc.id, "gold")
	assert.Equal(t, 1, code)
	assert.Equal(t, "plan must be one of free, pro, enterprise", refused["error"].(map[string]any)["message"])
}

// A free account may not stream live: 403 plan_required naming pro. Once
// the operator moves it to pro, the gateway drops its cached key (identity
// announces the account's keys) and the same request succeeds.
func TestPlanRequiredUntilThePlanChanges(t *testing.T) {
	acc := createTenant(t, "Plan e2e", "free")
	event := map[string]any{"name": "show", "type": "event"}
	r := call(t, "POST", "/v2/videos", acc.key, event)
	mustFail(t, r, http.StatusForbidden, "live streaming (a video of type \"event\") requires the pro plan or higher")
	assert.Equal(t, "plan_required", r.Body.Errors[0].Code)

	code, out := admin(t, "accounts", "set-plan", acc.id, "pro")
	require.Equal(t, 0, code, out)
	assert.Equal(t, "pro", out["plan"])
	require.Eventually(t, func() bool {
		return call(t, "POST", "/v2/videos", acc.key, event).Status == http.StatusOK
	}, 2*time.Second, 20*time.Millisecond, "the new plan applies once gateways drop the cached key")
}

// Disabling an account stops its keys at identity when the call returns,
// and at the gateway as soon as it hears the keys' events.
func TestDisabledAccountKeysStopWorking(t *testing.T) {
	acc := createTenant(t, "Disabled e2e", "free")
	mustOK(t, call(t, "GET", "/v2/videos", acc.key, nil)) // now cached by the gateway

	code, out := admin(t, "accounts", "disable", acc.id)
	require.Equal(t, 0, code, out)
	assert.Equal(t, false, out["enabled"])
	start := time.Now()
	require.Eventually(t, func() bool {
		return call(t, "GET", "/v2/videos", acc.key, nil).Status == http.StatusUnauthorized
	}, time.Second, 20*time.Millisecond, "a disabled account's key must be refused within a second")
	t.Logf("disabled account's key refused after %s", time.Since(start))
	mustOK(t, call(t, "GET", "/v2/videos", ownerOf(t), nil))
}
