package openapi_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/openapi"
	"github.com/vidhost/vidhost/gateway/openapi/openapitest"
)

// The document passes kin-openapi's validation: structure, references,
// schemas, and the examples against their schemas.
func TestDocumentValidates(t *testing.T) {
	doc, err := openapitest.Load(context.Background())
	require.NoError(t, err)
	assert.Equal(t, "3.1.0", doc.OpenAPI)
	assert.Equal(t, "Vidhost", doc.Info.Title)
	assert.Equal(t, "2.0.0", doc.Info.Version)
	assert.Contains(t, doc.Components.SecuritySchemes, "bearer")
	assert.NotNil(t, doc.Paths.Find("/v2/videos/{id}"), "a route of gateway/api_v2.yaml")
}

func TestHandlerServesTheDocument(t *testing.T) {
	rec := httptest.NewRecorder()
	openapi.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, openapi.Path, nil))
	require.Equal(t, http.StatusOK, rec.Code)
	assert.Equal(t, "application/json", rec.Header().Get("Content-Type"))
	var doc map[string]any
	require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &doc))
	assert.Equal(t, "3.1.0", doc["openapi"])

	rec = httptest.NewRecorder()
	openapi.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodPost, openapi.Path, nil))
	assert.Equal(t, http.StatusMethodNotAllowed, rec.Code)
	assert.Contains(t, rec.Body.String(), `"code":"method_not_allowed"`)
}
