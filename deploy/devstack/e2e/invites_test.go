package e2e

import (
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/mailpit"
)

// The invite tests (a few seconds) go through the gateway and the suite's
// Mailpit as a person would: the link is read from the email.

type invite struct {
	ID          string `json:"id"`
	Email       string `json:"email"`
	Role        string `json:"role"`
	Name        string `json:"name"`
	Status      string `json:"status"`
	ExpiresTime string `json:"expires_time"`
	CreatedTime string `json:"created_time"`
	CreatedBy   string `json:"created_by"`
}

// inviteToken waits for the newest invite mailed to address and returns the
// token of its link, which must point at the suite's gateway.
func inviteToken(t *testing.T, address string, count int) string {
	t.Helper()
	inbox := &mailpit.Server{URL: suiteOf(t).MailpitURL()}
	link := regexp.MustCompile(regexp.QuoteMeta(suiteOf(t).URL+"/invites/accept#token=") + `([A-Za-z0-9_-]{43})`)
	var text string
	require.Eventually(t, func() bool {
		summaries, err := inbox.Messages(t.Context())
		require.NoError(t, err)
		var mine []mailpit.Summary
		for _, s := range summaries {
			if len(s.To) == 1 && s.To[0].Address == address {
				mine = append(mine, s)
			}
		}
		if len(mine) < count {
			return false
		}
		msg, err := inbox.Message(t.Context(), mine[0].ID) // newest first
		require.NoError(t, err)
		text = msg.Text
		return true
	}, 5*time.Second, 50*time.Millisecond, "invite mail number %d to %s", count, address)
	m := link.FindStringSubmatch(text)
	require.NotNil(t, m, "no invite link in %q", text)
	return m[1]
}

// acceptInvite posts the page's form as its script does: no API key.
func acceptInvite(t *testing.T, token, name, password string) response {
	t.Helper()
	return call(t, "POST", "/invites/accept", "", map[string]string{"token": token, "name": name, "password": password})
}

func TestInviteThroughTheGateway(t *testing.T) {
	email := uniqueWord(t, "guest") + "@example.com"
	var inv invite
	mustOK(t, call(t, "POST", "/v2/invites", ownerOf(t), map[string]any{"email": strings.ToUpper(email), "role": "uploader", "name": "Guest"})).decode(t, &inv)
	assert.Equal(t, email, inv.Email)
	assert.Equal(t, "uploader", inv.Role)
	assert.Equal(t, "pending", inv.Status)
	assert.NotEmpty(t, inv.ExpiresTime)
	mustFail(t, call(t, "POST", "/v2/invites", ownerOf(t), map[string]any{"email": email, "role": "viewer"}),
		http.StatusConflict, "email already has a pending invite")
	mustFail(t, call(t, "POST", "/v2/invites", ownerOf(t), map[string]any{"email": email, "role": "chief"}),
		http.StatusBadRequest, "role must be one of viewer, uploader, admin, owner")

	var listed []invite
	mustOK(t, call(t, "GET", "/v2/invites?limit=25", ownerOf(t), nil)).decode(t, &listed)
	assert.Contains(t, listed, inv)

	// Resending (no body) kills the first link.
	first := inviteToken(t, email, 1)
	mustOK(t, call(t, "POST", "/v2/invites/"+inv.ID+"/resend", ownerOf(t), nil))
	token := inviteToken(t, email, 2)
	require.NotEqual(t, first, token)

	page, err := http.Get(suiteOf(t).URL + "/invites/accept") //nolint:noctx // a loopback test call
	require.NoError(t, err)
	_ = page.Body.Close()
	assert.Equal(t, http.StatusOK, page.StatusCode)
	assert.Contains(t, page.Header.Get("Content-Security-Policy"), "script-src 'self'")

	r := acceptInvite(t, first, "Guest Person", "a long enough password")
	mustFail(t, r, http.StatusConflict, "this invite link is invalid or has expired")
	assert.Equal(t, "invite_invalid", r.Body.Errors[0].Code)
	mustFail(t, acceptInvite(t, token, "Guest Person", "short"), http.StatusBadRequest, "password must be 10-128 characters")

	var joined struct {
		UserID string `json:"user_id"`
		Email  string `json:"email"`
	}
	mustOK(t, acceptInvite(t, token, "Guest Person", "a long enough password")).decode(t, &joined)
	assert.Equal(t, email, joined.Email)
	var u user
	mustOK(t, call(t, "GET", "/v2/users/"+joined.UserID, ownerOf(t), nil)).decode(t, &u)
	assert.Equal(t, email, u.Email)
	assert.Equal(t, "Guest Person", u.Name)
	assert.Equal(t, "uploader", u.Role)
	assert.True(t, u.VerifiedEmail)

	r = acceptInvite(t, token, "Guest Person", "a long enough password")
	mustFail(t, r, http.StatusConflict, "this invite link is invalid or has expired")
	assert.Equal(t, "invite_invalid", r.Body.Errors[0].Code)
	mustOK(t, call(t, "GET", "/v2/invites/"+inv.ID, ownerOf(t), nil)).decode(t, &inv)
	assert.Equal(t, "accepted", inv.Status)
	mustFail(t, call(t, "POST", "/v2/invites", ownerOf(t), map[string]any{"email": email, "role": "viewer"}),
		http.StatusConflict, "email is already a user's email")
}

// The owner named to `vidhost admin accounts create` is emailed an invite;
// accepting it gives that owner a name and a password.
func TestAccountOwnerInviteThroughTheGateway(t *testing.T) {
	email := uniqueWord(t, "boss") + "@example.com"
	code, out := admin(t, "accounts", "create", "--name", "Invited e2e", "--owner-email", email, "--plan", "free")
	require.Equal(t, 0, code, out)
	assert.Equal(t, true, out["owner_invite_sent"])
	key := out["api_key"].(string)

	mustOK(t, acceptInvite(t, inviteToken(t, email, 1), "The Boss", "a long enough password"))
	var users []user
	mustOK(t, call(t, "GET", "/v2/users", key, nil)).decode(t, &users)
	require.Len(t, users, 1, "the owner completed, not a second user")
	assert.Equal(t, email, users[0].Email)
	assert.Equal(t, "The Boss", users[0].Name)
	assert.Equal(t, "owner", users[0].Role)
	assert.True(t, users[0].VerifiedEmail)

	// A free account has its one user: the next invite needs a bigger plan.
	r := call(t, "POST", "/v2/invites", key, map[string]any{"email": uniqueWord(t, "x") + "@example.com", "role": "viewer"})
	mustFail(t, r, http.StatusForbidden, "more than 1 user requires the pro plan or higher")
	assert.Equal(t, "plan_required", r.Body.Errors[0].Code)
}

// Issue 26 #9: tenant B inviting the address of tenant A's user gets the
// answer any new address gets, so invites cannot tell B who uses the
// installation. The person who owns the address learns of the clash when
// accepting; B's invite stays pending. A few seconds.
func TestInviteDoesNotRevealAnotherTenantsUsers(t *testing.T) {
	taken := uniqueWord(t, "member") + "@example.com"
	var inv invite
	mustOK(t, call(t, "POST", "/v2/invites", ownerOf(t), map[string]any{"email": taken, "role": "viewer"})).decode(t, &inv)
	mustOK(t, acceptInvite(t, inviteToken(t, taken, 1), "A Member", "a long enough password"))

	b := createTenant(t, "Invites B", "pro")
	fresh := uniqueWord(t, "stranger") + "@example.com"
	theirs := call(t, "POST", "/v2/invites", b.key, map[string]any{"email": taken, "role": "viewer"})
	unknown := call(t, "POST", "/v2/invites", b.key, map[string]any{"email": fresh, "role": "viewer"})
	mustOK(t, theirs)
	mustOK(t, unknown)
	var gotTheirs, gotUnknown invite
	theirs.decode(t, &gotTheirs)
	unknown.decode(t, &gotUnknown)
	assert.Equal(t, unknown.Status, theirs.Status)
	assert.Equal(t, gotUnknown.Status, gotTheirs.Status)
	assert.Equal(t, gotUnknown.Role, gotTheirs.Role)

	// The address's owner is told at acceptance; B sees only a pending invite.
	mustFail(t, acceptInvite(t, inviteToken(t, taken, 2), "A Member", "a long enough password"),
		http.StatusConflict, "this email address already belongs to a user of another account")
	var after invite
	mustOK(t, call(t, "GET", "/v2/invites/"+gotTheirs.ID, b.key, nil)).decode(t, &after)
	assert.Equal(t, "pending", after.Status)
	var users []user
	mustOK(t, call(t, "GET", "/v2/users", b.key, nil)).decode(t, &users)
	for _, u := range users {
		assert.NotEqual(t, taken, u.Email, "no user of B was made")
	}
}
