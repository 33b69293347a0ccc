package app_test

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The invite page is served without an API key, with the page policy and
// its own script and stylesheet (no inline script).
func TestInvitePageIsServed(t *testing.T) {
	b := setup(t)
	for path, contentType := range map[string]string{
		"/invites/accept":     "text/html; charset=utf-8",
		"/invites/accept.js":  "text/javascript; charset=utf-8",
		"/invites/accept.css": "text/css; charset=utf-8",
	} {
		resp, err := http.Get(b.url + path) //nolint:noctx // a loopback test call
		require.NoError(t, err)
		body, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		_ = resp.Body.Close()
		assert.Equal(t, http.StatusOK, resp.StatusCode, path)
		assert.Equal(t, contentType, resp.Header.Get("Content-Type"), path)
		if path == "/invites/accept" {
			page := string(body)
			assert.Contains(t, page, `<script src="/invites/accept.js" defer></script>`)
			assert.NotContains(t, page, "<script>", "no inline script")
			assert.Contains(t, page, `<label for="vh-invite-password">New password</label>`)
			assert.Contains(t, resp.Header.Get("Content-Security-Policy"), "frame-ancestors 'none'")
			assert.Equal(t, "no-referrer", resp.Header.Get("Referrer-Policy"))
			assert.Equal(t, "no-store", resp.Header.Get("Cache-Control"))
		}
	}
}

// POST /invites/accept answers in the envelope before calling identity
// when the body is not JSON, malformed or too big.
func TestInviteAcceptRefusesBadBodies(t *testing.T) {
	b := setup(t)
	huge := `{"token":"` + strings.Repeat("a", 9<<10) + `","name":"n","password":"p"}`
	for _, tc := range []struct {
		name, body, contentType, code string
		status                        int
	}{
		{"not JSON", "token=x", "application/x-www-form-urlencoded", "unsupported_media_type", http.StatusBadRequest},
		{"malformed", "{", "application/json", "invalid_argument", http.StatusBadRequest},
		{"unknown field", `{"token":"x","role":"owner"}`, "application/json", "invalid_argument", http.StatusBadRequest},
		{"over 8 KiB", huge, "application/json", "body_too_large", http.StatusRequestEntityTooLarge},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, env := b.do(t, call{method: "POST", path: "/invites/accept", body: tc.body, header: map[string]string{"Content-Type": tc.contentType}})
			assert.Equal(t, tc.status, resp.StatusCode)
			require.Len(t, env.Errors, 1)
			assert.Equal(t, tc.code, env.Errors[0].Code)
		})
	}
}

// An acceptance signs the browser in, so one posted from another origin is
// refused before identity is asked (login CSRF, as POST /v2/session).
func TestInviteAcceptRefusesAnotherOrigin(t *testing.T) {
	b := setup(t)
	resp, env := b.do(t, call{method: "POST", path: "/invites/accept", body: `{"token":"x","name":"n","password":"a long enough password"}`,
		header: map[string]string{"Content-Type": "application/json", "Origin": "https://elsewhere.example"}})
	assert.Equal(t, http.StatusForbidden, resp.StatusCode)
	require.Len(t, env.Errors, 1)
	assert.Equal(t, "csrf_invalid", env.Errors[0].Code)
	assert.Empty(t, resp.Header.Get("Set-Cookie"))
}
