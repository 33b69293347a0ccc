package web

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func serveDashboard(t *testing.T, target string, signedIn bool) *httptest.ResponseRecorder {
	t.Helper()
	recorder := httptest.NewRecorder()
	handler := DashboardHandler(func(*http.Request) bool { return signedIn }, "/signin")
	handler.ServeHTTP(recorder, httptest.NewRequest(http.MethodGet, target, nil))
	return recorder
}

func TestDashboardSendsVisitorsWithoutASessionToSignIn(t *testing.T) {
	response := serveDashboard(t, "/videos?status=ready&search=a+b", false)
	assert.Equal(t, http.StatusSeeOther, response.Code)
	assert.Equal(t, "/signin?next=%2Fvideos%3Fstatus%3Dready%26search%3Da%2Bb", response.Header().Get("Location"))
}

func TestDashboardPageLinksTheBuiltBundle(t *testing.T) {
	response := serveDashboard(t, "/videos/abc", true)
	require.Equal(t, http.StatusOK, response.Code)
	header := response.Header()
	assert.Equal(t, "text/html; charset=utf-8", header.Get("Content-Type"))
	assert.Equal(t, "no-cache", header.Get("Cache-Control"))
	assert.Equal(t, "DENY", header.Get("X-Frame-Options"))
	policy := header.Get("Content-Security-Policy")
	assert.Contains(t, policy, "script-src 'self'")
	assert.Contains(t, policy, "connect-src 'self';", "the application talks to this origin only")
	assert.Contains(t, policy, "frame-ancestors 'none'")

	names, err := loadDashboardBundle()
	require.NoError(t, err)
	body := response.Body.String()
	for _, name := range []string{names.Script, names.Stylesheet} {
		assert.Contains(t, body, StaticPath+"dashboard/"+name)
		assert.Equal(t, http.StatusOK, serve(t, StaticPath+"dashboard/"+name, "gzip").Code, name)
	}
	assert.False(t, strings.Contains(body, "<script>"), "no inline script")
}
