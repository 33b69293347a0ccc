package web

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestEmbedAPIHandlerServesTheHelperToAnyOrigin(t *testing.T) {
	tests := []struct{ path, contentType, contains string }{
		{"/embed/api.js", "text/javascript; charset=utf-8", "export {"},
		{"/embed/api.d.ts", "text/plain; charset=utf-8", "export declare class VidhostPlayer"},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			recorder := httptest.NewRecorder()
			request := httptest.NewRequest(http.MethodGet, tt.path, nil)
			request.Header.Set("Origin", "https://customer.example")
			EmbedAPIHandler().ServeHTTP(recorder, request)
			require.Equal(t, http.StatusOK, recorder.Code)
			assert.Equal(t, tt.contentType, recorder.Header().Get("Content-Type"))
			assert.Equal(t, "*", recorder.Header().Get("Access-Control-Allow-Origin"), "module scripts are fetched with CORS")
			assert.Equal(t, "public, no-cache", recorder.Header().Get("Cache-Control"), "a stable name must be revalidated")
			assert.Contains(t, recorder.Body.String(), tt.contains)
		})
	}
}
