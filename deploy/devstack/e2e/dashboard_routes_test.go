package e2e

import (
	"encoding/base64"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// noRedirects is a client that reports redirects instead of following them.
var noRedirects = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

// TestDashboardRoutes: the dashboard's paths send a visitor without a
// session to /signin and back, serve the page to one with a session, and
// leave other paths a JSON 404.
func TestDashboardRoutes(t *testing.T) {
	resp, err := noRedirects.Get(suiteOf(t).URL + "/videos/abc?x=1")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusSeeOther, resp.StatusCode)
	assert.Equal(t, "/signin?next=%2Fvideos%2Fabc%3Fx%3D1", resp.Header.Get("Location"))

	p := newPerson(t)
	mustOK(t, p.signIn(t, suiteOf(t).Credentials.OwnerPassword, ""))
	for _, path := range []string{"/", "/videos", "/videos/abc", "/upload", "/live", "/live/abc", "/folders", "/categories", "/developers/keys", "/developers/jwt-keys", "/developers/hooks", "/developers/hooks/abc", "/analytics", "/players", "/players/abc", "/developers/services", "/developers/services/abc"} {
		resp, err := p.client.Get(suiteOf(t).URL + path)
		require.NoError(t, err)
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		assert.Equal(t, http.StatusOK, resp.StatusCode, path)
		assert.Contains(t, string(body), `id="vh-app"`, path)
		assert.Contains(t, resp.Header.Get("Content-Security-Policy"), "frame-ancestors 'none'", path)
	}
	resp, err = p.client.Get(suiteOf(t).URL + "/not-a-dashboard-page")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusNotFound, resp.StatusCode)
	assert.Equal(t, "application/json", strings.Split(resp.Header.Get("Content-Type"), ";")[0])
}

// TestTusTakesTheSessionWithItsCSRFToken: the dashboard creates tus
// uploads with its cookie; without the session's CSRF token the creation
// is refused like any /v2 write.
func TestTusTakesTheSessionWithItsCSRFToken(t *testing.T) {
	p := newPerson(t)
	mustOK(t, p.signIn(t, suiteOf(t).Credentials.OwnerPassword, ""))
	create := func(csrf string) *http.Response {
		req, err := http.NewRequest(http.MethodPost, suiteOf(t).URL+"/v2/uploads/tus/", nil)
		require.NoError(t, err)
		req.Header.Set("Tus-Resumable", "1.0.0")
		req.Header.Set("Upload-Length", "4")
		req.Header.Set("Upload-Metadata", "filename "+base64.StdEncoding.EncodeToString([]byte("session.mp4")))
		if csrf != "" {
			req.Header.Set("X-CSRF-Token", csrf)
		}
		resp, err := p.client.Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		return resp
	}
	refused := create("")
	assert.Equal(t, http.StatusForbidden, refused.StatusCode, "no CSRF token")
	created := create(p.csrf)
	require.Equal(t, http.StatusCreated, created.StatusCode)
	assert.NotEmpty(t, created.Header.Get("Vidhost-Upload-Id"))

	req, err := http.NewRequest(http.MethodDelete, created.Header.Get("Location"), nil)
	require.NoError(t, err)
	req.Header.Set("Tus-Resumable", "1.0.0")
	req.Header.Set("X-CSRF-Token", p.csrf)
	resp, err := p.client.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusNoContent, resp.StatusCode, "cancelled with the session")
}
