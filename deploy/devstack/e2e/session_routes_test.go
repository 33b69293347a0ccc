package e2e

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestPasswordChangeThenSignOutEverywhere drives the two session routes
// the other tests leave out (so the OpenAPI replay sees them too): a
// password change, then signing out of every session, after which the
// cookie is refused and the new password signs in. The owner's password
// is set back at the end: the suite is shared.
func TestPasswordChangeThenSignOutEverywhere(t *testing.T) {
	original, changed := suiteOf(t).Credentials.OwnerPassword, "a-fresh-passphrase-for-the-replay"
	owner := newPerson(t)
	mustOK(t, owner.signIn(t, original, ""))
	mustOK(t, owner.do(t, http.MethodPost, "/v2/session/password",
		map[string]any{"current_password": original, "new_password": changed}))
	t.Cleanup(func() {
		restorer := newPerson(t)
		mustOK(t, restorer.signIn(t, changed, ""))
		mustOK(t, restorer.do(t, http.MethodPost, "/v2/session/password",
			map[string]any{"current_password": changed, "new_password": original}))
	})

	var ended struct {
		Ended int `json:"ended"`
	}
	mustOK(t, owner.do(t, http.MethodDelete, "/v2/sessions", nil)).decode(t, &ended)
	require.GreaterOrEqual(t, ended.Ended, 1)
	mustFail(t, owner.do(t, http.MethodGet, "/v2/session", nil), http.StatusUnauthorized, "")

	again := newPerson(t)
	mustFail(t, again.signIn(t, original, ""), http.StatusUnauthorized, "")
	mustOK(t, again.signIn(t, changed, ""))
	mustOK(t, again.do(t, http.MethodDelete, "/v2/session", nil))
}
