package app_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/app"
	"github.com/vidhost/vidhost/gateway/internal/testbackend"
	"github.com/vidhost/vidhost/pkg/envelope"
)

// assertFailure checks the failure envelope: success false, result {}, one
// error.
func assertFailure(t *testing.T, resp *http.Response, env envelope.Envelope, status int, want envelope.Error) {
	t.Helper()
	assert.Equal(t, status, resp.StatusCode)
	assert.False(t, env.Success)
	assert.JSONEq(t, `{}`, string(env.Result))
	assert.Empty(t, env.Links)
	assert.Equal(t, []envelope.Error{want}, env.Errors)
}

func TestServiceErrorsMapToHTTP(t *testing.T) {
	b := setup(t)
	cases := []struct {
		id     string
		status int
		want   envelope.Error
	}{
		{"missing", http.StatusNotFound, envelope.Error{Message: "Not found", Code: "not_found"}},
		{"invalid", http.StatusBadRequest, envelope.Error{Message: "name must be 1-40 characters", Code: "invalid_argument", Field: "name"}},
		{"denied", http.StatusForbidden, envelope.Error{Message: "not yours", Code: "permission_denied"}},
		{"conflict", http.StatusConflict, envelope.Error{Message: "value already used", Code: "conflict"}},
		{"quota", http.StatusTooManyRequests, envelope.Error{Message: "upload quota reached", Code: "upload_quota_bytes"}},
		{"refused", http.StatusConflict, envelope.Error{Message: "uploads are disabled", Code: "uploads_disabled"}},
		{"down", http.StatusServiceUnavailable, envelope.Error{Message: "service unavailable", Code: "unavailable"}},
		{"deadline", http.StatusGatewayTimeout, envelope.Error{Message: "request timed out", Code: "timeout"}},
		{"boom", http.StatusInternalServerError, envelope.Error{Message: "internal error", Code: "internal"}},
		{"unknown", http.StatusInternalServerError, envelope.Error{Message: "internal error", Code: "internal"}},
	}
	for _, tc := range cases {
		t.Run(tc.id, func(t *testing.T) {
			resp, env := b.do(t, call{method: "GET", path: "/v2/categories/" + tc.id, key: keyReadWrite})
			assertFailure(t, resp, env, tc.status, tc.want)
		})
	}
}

// TestGatewayTimeoutIs504 runs out the gateway's own request timeout while
// the service is still working: 504 timeout, never a 500 without a code.
func TestGatewayTimeoutIs504(t *testing.T) {
	b := setup(t, func(c *app.Config) { c.RequestTimeout = 200 * time.Millisecond })
	resp, env := b.do(t, call{method: "GET", path: "/v2/categories/" + testbackend.SlowCategory, key: keyReadWrite})
	assertFailure(t, resp, env, http.StatusGatewayTimeout, envelope.Error{Message: "request timed out", Code: "timeout"})
}

func TestInternalErrorIsLoggedNotShown(t *testing.T) {
	b := setup(t)
	resp, env := b.do(t, call{method: "GET", path: "/v2/categories/boom", key: keyReadWrite,
		header: map[string]string{"X-Request-Id": "trace-boom-1"}})
	require.Equal(t, http.StatusInternalServerError, resp.StatusCode)
	assert.NotContains(t, env.Errors[0].Message, "password")

	// The gateway's log has the real cause beside the request id.
	var line string
	for _, l := range strings.Split(b.logs.String(), "\n") {
		if strings.Contains(l, `"msg":"request failed"`) {
			line = l
		}
	}
	require.NotEmpty(t, line, "logs: %s", b.logs.String())
	assert.Contains(t, line, `"request_id":"trace-boom-1"`)
	assert.Contains(t, line, `"code":"Internal"`)
	assert.Contains(t, line, "password authentication failed")
}
