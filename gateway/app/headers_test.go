package app_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/app"
	"github.com/vidhost/vidhost/pkg/ids"
)

// Every response is nosniff (API, media, pages, errors); the watch page
// alone refuses to be framed, the embed stays framable.
func TestSecurityHeaders(t *testing.T) {
	b := setup(t, func(c *app.Config) { c.Blob.Dir = t.TempDir() })
	video := ids.New()
	tests := []struct {
		name, method, path, key string
		noFraming               bool
	}{
		{"API success", "GET", "/v2/players/p1", keyReadWrite, false},
		{"API 401", "GET", "/v2/players/p1", "", false},
		{"API 404", "GET", "/v2/nothing-here", keyReadWrite, false},
		{"media (backend down: 503)", "GET", "/media/" + video + "/stream/master.m3u8", "", false},
		{"media preflight", "OPTIONS", "/media/" + video + "/stream/master.m3u8", "", false},
		{"watch page", "GET", "/watch/" + video, "", true},
		{"embed page", "GET", "/embed/" + video, "", false},
		{"unknown path", "GET", "/nope", "", false},
		{"health", "GET", "/healthz", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, err := http.NewRequest(tt.method, b.url+tt.path, nil)
			require.NoError(t, err)
			if tt.key != "" {
				req.Header.Set("Authorization", "Bearer "+tt.key)
			}
			resp, err := http.DefaultClient.Do(req)
			require.NoError(t, err)
			resp.Body.Close()
			assert.Equal(t, "nosniff", resp.Header.Get("X-Content-Type-Options"), "status %d", resp.StatusCode)
			csp := resp.Header.Get("Content-Security-Policy")
			if tt.noFraming {
				assert.Contains(t, csp, "frame-ancestors 'none'")
				assert.Equal(t, "DENY", resp.Header.Get("X-Frame-Options"))
				return
			}
			assert.NotContains(t, csp, "frame-ancestors")
			assert.Empty(t, resp.Header.Get("X-Frame-Options"))
		})
	}
}
