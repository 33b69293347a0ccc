package e2e

import (
	"crypto/sha256"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pquerna/otp/totp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSignInRefusals: each bad input of issue 13 is refused with its own
// message in the envelope, audited, and changes nothing. On a suite of its
// own, since it turns multi-factor codes on for the owner. About 10 s.
func TestSignInRefusals(t *testing.T) {
	t.Parallel() // on a suite of its own (suites_test.go)
	withSuite(t, newSuite(t, 0), "local", func() {
		password := suiteOf(t).Credentials.OwnerPassword
		keysBefore := countKeys(t)

		t.Run("wrong password", func(t *testing.T) {
			p := newPerson(t)
			mustFail(t, p.signIn(t, "not the password", ""), http.StatusUnauthorized, "email or password is incorrect")
			assert.Empty(t, p.cookie(t))
			unknown := p.do(t, "POST", "/v2/session", map[string]any{"email": "nobody@example.com", "password": "not the password"})
			mustFail(t, unknown, http.StatusUnauthorized, "email or password is incorrect")
			entry := waitForAuditEntry(t, `"reason":"password"`)
			assert.Equal(t, "system", entry.ActorType)
			assert.Equal(t, "sign_in", entry.ActionType)
			assert.Contains(t, entry.ActionData, suiteOf(t).Credentials.OwnerEmail)
			assert.NotContains(t, entry.ActionData, "not the password")
		})

		signedIn := newPerson(t)
		mustOK(t, signedIn.signIn(t, password, ""))
		secret, codes := enrolTOTP(t, signedIn)

		t.Run("wrong and reused TOTP codes", func(t *testing.T) {
			p := newPerson(t)
			mustFail(t, p.signIn(t, password, "000000"), http.StatusUnauthorized, "the code is incorrect or was already used")
			code, err := totp.GenerateCode(secret, time.Now().Add(30*time.Second))
			require.NoError(t, err)
			mustOK(t, p.signIn(t, password, code))
			again := newPerson(t)
			mustFail(t, again.signIn(t, password, code), http.StatusUnauthorized, "the code is incorrect or was already used")
			assert.Empty(t, again.cookie(t))
			waitForAuditEntry(t, `"reason":"mfa_code"`)
		})

		t.Run("replayed recovery code", func(t *testing.T) {
			mustOK(t, newPerson(t).signIn(t, password, codes[0]))
			replay := newPerson(t)
			mustFail(t, replay.signIn(t, password, codes[0]), http.StatusUnauthorized, "the code is incorrect or was already used")
			assert.Empty(t, replay.cookie(t))
		})

		t.Run("forged and expired session cookies", func(t *testing.T) {
			forged := withCookie(t, strings.Repeat("A", 43))
			mustFail(t, forged.do(t, "GET", "/v2/videos", nil), http.StatusUnauthorized, "this session is invalid or has expired: sign in again")
			assert.Empty(t, forged.cookie(t), "the gateway clears a cookie that does not work")
			mustFail(t, withCookie(t, strings.Repeat("A", 43)).do(t, "GET", "/v2/session", nil), http.StatusUnauthorized,
				"this session is invalid or has expired")

			expired := newPerson(t)
			mustOK(t, expired.signIn(t, password, codes[1]))
			old := expired.cookie(t)
			expireSession(t, old)
			mustFail(t, expired.do(t, "GET", "/v2/videos", nil), http.StatusUnauthorized, "this session is invalid or has expired: sign in again")
			assert.Empty(t, expired.cookie(t), "the gateway clears a cookie that no longer works")
			entry := waitForAuditEntry(t, `"check":"session"`)
			assert.Equal(t, "system", entry.ActorType)
			assert.Equal(t, "refuse", entry.ActionType)
			assert.Equal(t, "127.0.0.1", entry.ActionIP)
			mustFail(t, withCookie(t, old).do(t, "GET", "/v2/videos", nil), http.StatusUnauthorized, "this session is invalid")
		})

		t.Run("missing and wrong CSRF tokens", func(t *testing.T) {
			body := map[string]any{"type": "api", "name": "csrf", "permissions": []string{}, "ips": []string{}}
			noToken := withCookie(t, signedIn.cookie(t))
			mustFail(t, noToken.do(t, "POST", "/v2/keys", body), http.StatusForbidden,
				"this request needs the session's CSRF token in the X-CSRF-Token header")
			wrong := withCookie(t, signedIn.cookie(t))
			wrong.csrf = "not-the-token"
			mustFail(t, wrong.do(t, "POST", "/v2/keys", body), http.StatusForbidden,
				"the X-CSRF-Token header does not match this session")
			mustFail(t, wrong.do(t, "DELETE", "/v2/session", nil), http.StatusForbidden,
				"the X-CSRF-Token header does not match this session")
			mustOK(t, signedIn.do(t, "GET", "/v2/session", nil)) // still signed in
			entry := waitForAuditEntry(t, `"check":"csrf"`)
			assert.Equal(t, "user", entry.ActorType)
		})

		t.Run("password reset by mail, its link used once", func(t *testing.T) {
			anon := newPerson(t)
			mustOK(t, anon.do(t, "POST", "/reset-password/request", map[string]any{"email": "nobody@example.com"}))
			mustOK(t, anon.do(t, "POST", "/reset-password/request", map[string]any{"email": suiteOf(t).Credentials.OwnerEmail}))
			body := requireNotified(t, "Reset your Vidhost password")
			match := regexp.MustCompile(`/reset-password#token=([A-Za-z0-9_-]{43})`).FindStringSubmatch(body)
			require.NotNil(t, match, body)
			mustFail(t, anon.do(t, "POST", "/reset-password", map[string]any{"token": match[1], "password": "qwertyuiop"}),
				http.StatusBadRequest, "password is too common")
			mustOK(t, anon.do(t, "POST", "/reset-password", map[string]any{"token": match[1], "password": "a reset passphrase"}))
			mustFail(t, anon.do(t, "POST", "/reset-password", map[string]any{"token": match[1], "password": "another passphrase"}),
				http.StatusConflict, "this password reset link is invalid or has expired")
			mustFail(t, signedIn.do(t, "GET", "/v2/session", nil), http.StatusUnauthorized, "this session is invalid or has expired")
			mustFail(t, newPerson(t).signIn(t, password, codes[2]), http.StatusUnauthorized, "email or password is incorrect")
			mustOK(t, newPerson(t).signIn(t, "a reset passphrase", codes[2]))
		})

		t.Run("an account that requires codes", func(t *testing.T) {
			email := uniqueWord(t, "viewer") + "@example.com"
			mustOK(t, call(t, "POST", "/v2/invites", ownerOf(t), map[string]any{"email": email, "role": "viewer"}))
			mustOK(t, acceptInvite(t, inviteToken(t, email, 1), "Viewer", "a viewer passphrase"))
			viewer := newPerson(t)
			viewerIn := func(code string) response {
				return viewer.do(t, "POST", "/v2/session", map[string]any{"email": email, "password": "a viewer passphrase", "code": code})
			}
			r := viewerIn("")
			mustOK(t, r)
			var s struct {
				CSRFToken string `json:"csrf_token"`
			}
			r.decode(t, &s)
			viewer.csrf = s.CSRFToken
			mustFail(t, viewer.do(t, "PUT", "/v2/account/mfa_required", map[string]any{"required": true}), http.StatusForbidden, "")
			mustOK(t, call(t, "PUT", "/v2/account/mfa_required", ownerOf(t), map[string]any{"required": true}))

			mustFail(t, viewer.do(t, "GET", "/v2/videos", nil), http.StatusForbidden, "your account requires multi-factor codes")
			var current struct {
				Required bool `json:"mfa_enrolment_required"`
			}
			mustOK(t, viewer.do(t, "GET", "/v2/session", nil)).decode(t, &current)
			assert.True(t, current.Required)
			enrolTOTP(t, viewer)
			mustOK(t, viewer.do(t, "GET", "/v2/videos", nil))
			mustOK(t, call(t, "PUT", "/v2/account/mfa_required", ownerOf(t), map[string]any{"required": false}))
		})

		assert.Equal(t, keysBefore, countKeys(t), "no refused request made a key")
	})
}

// withCookie is a person holding only the session cookie value.
func withCookie(t *testing.T, value string) *person {
	t.Helper()
	p := newPerson(t)
	u, err := url.Parse(suiteOf(t).URL)
	require.NoError(t, err)
	p.client.Jar.SetCookies(u, []*http.Cookie{{Name: sessionCookie, Value: value}})
	return p
}

// expireSession moves the idle expiry of cookie's session into the past,
// as twelve idle hours would.
func expireSession(t *testing.T, cookie string) {
	t.Helper()
	require.NotEmpty(t, cookie)
	conn, err := connect(t, suiteOf(t).ServiceDatabaseURL("identity"))
	require.NoError(t, err)
	hash := sha256.Sum256([]byte(cookie))
	tag, err := conn.Exec(t.Context(), "UPDATE identity.sessions SET idle_expires_time = now() - interval '1 second' WHERE token_hash = $1", hash[:])
	require.NoError(t, err)
	require.EqualValues(t, 1, tag.RowsAffected())
}

func countKeys(t *testing.T) int {
	t.Helper()
	var keys []map[string]any
	mustOK(t, call(t, "GET", "/v2/keys?limit=25", ownerOf(t), nil)).decode(t, &keys)
	return len(keys)
}

// waitForAuditEntry polls the owner account's log for a sign-in or refusal
// entry whose action_data contains fragment.
func waitForAuditEntry(t *testing.T, fragment string) auditEntry {
	t.Helper()
	var found auditEntry
	require.Eventually(t, func() bool {
		for _, e := range auditLog(t, ownerOf(t)) {
			if strings.Contains(e.ActionData, fragment) {
				found = e
				return true
			}
		}
		return false
	}, 20*time.Second, 100*time.Millisecond, "no audit entry with %s", fragment)
	return found
}
