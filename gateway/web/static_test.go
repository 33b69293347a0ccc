package web

import (
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func serve(t *testing.T, path, acceptEncoding string) *httptest.ResponseRecorder {
	t.Helper()
	request := httptest.NewRequest(http.MethodGet, path, nil)
	if acceptEncoding != "" {
		request.Header.Set("Accept-Encoding", acceptEncoding)
	}
	recorder := httptest.NewRecorder()
	StaticHandler().ServeHTTP(recorder, request)
	return recorder
}

func TestStaticHandlerHeaders(t *testing.T) {
	assets, err := bundleURLs()
	require.NoError(t, err)
	tests := []struct {
		name, path, contentType, cacheControl string
	}{
		{"script", assets.Script, "text/javascript; charset=utf-8", "public, max-age=31536000, immutable"},
		{"stylesheet", assets.Stylesheet, "text/css; charset=utf-8", "public, max-age=31536000, immutable"},
		{"manifest", "/static/player/manifest.json", "application/json", "public, no-cache"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			response := serve(t, tt.path, "")
			require.Equal(t, http.StatusOK, response.Code)
			assert.Equal(t, tt.contentType, response.Header().Get("Content-Type"))
			assert.Equal(t, tt.cacheControl, response.Header().Get("Cache-Control"))
			assert.Equal(t, "nosniff", response.Header().Get("X-Content-Type-Options"))
			assert.Empty(t, response.Header().Get("Content-Encoding"))
			assert.NotZero(t, response.Body.Len())
		})
	}
}

func TestStaticHandlerServesGzipToClientsThatTakeIt(t *testing.T) {
	assets, err := bundleURLs()
	require.NoError(t, err)
	plain := serve(t, assets.Script, "")
	compressed := serve(t, assets.Script, "br, gzip;q=0.8")
	require.Equal(t, http.StatusOK, compressed.Code)
	assert.Equal(t, "gzip", compressed.Header().Get("Content-Encoding"))
	assert.Less(t, compressed.Body.Len(), plain.Body.Len()/2)
	reader, err := gzip.NewReader(compressed.Body)
	require.NoError(t, err)
	unzipped, err := io.ReadAll(reader)
	require.NoError(t, err)
	assert.Equal(t, plain.Body.Bytes(), unzipped, "the .gz holds this build's file")

	refused := serve(t, assets.Script, "gzip;q=0")
	assert.Empty(t, refused.Header().Get("Content-Encoding"))
}

func TestStaticHandlerRefuses(t *testing.T) {
	tests := []struct{ name, path string }{
		{"directory", "/static/player/"},
		{"root", "/static/"},
		{"missing", "/static/player/nope.js"},
		{"gz directly", "/static/player/manifest.json.gz"},
		{"outside static", "/templates/player.html"},
		{"dot dot", "/static/../templates/player.html"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, http.StatusNotFound, serve(t, tt.path, "").Code)
		})
	}
	request := httptest.NewRequest(http.MethodPost, "/static/player/manifest.json", nil)
	recorder := httptest.NewRecorder()
	StaticHandler().ServeHTTP(recorder, request)
	assert.Equal(t, http.StatusMethodNotAllowed, recorder.Code)
}
