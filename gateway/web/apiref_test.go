package web

import (
	"net/http"
	"net/http/httptest"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The reference page links the embedded, content-hashed bundle (served
// gzipped and immutable), names the document, and allows no inline script.
func TestAPIReferencePageLinksTheEmbeddedBundle(t *testing.T) {
	rec := httptest.NewRecorder()
	APIReferenceHandler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, APIReferencePath, nil))
	require.Equal(t, http.StatusOK, rec.Code)
	body := rec.Body.String()
	assert.Contains(t, body, `data-spec="/v2/openapi.json"`)
	policy := rec.Header().Get("Content-Security-Policy")
	assert.Contains(t, policy, "script-src 'self';")
	assert.Contains(t, policy, "frame-ancestors 'none'")

	scripts := regexp.MustCompile(`src="(/static/apiref/[a-z]+-[A-Z0-9]{8}\.js)"`).FindAllStringSubmatch(body, -1)
	require.Len(t, scripts, 2, body)
	for _, script := range scripts {
		req := httptest.NewRequest(http.MethodGet, script[1], nil)
		req.Header.Set("Accept-Encoding", "gzip")
		rec := httptest.NewRecorder()
		StaticHandler().ServeHTTP(rec, req)
		assert.Equal(t, http.StatusOK, rec.Code, script[1])
		assert.Equal(t, "gzip", rec.Header().Get("Content-Encoding"), script[1])
		assert.Contains(t, rec.Header().Get("Cache-Control"), "immutable", script[1])
	}
}
