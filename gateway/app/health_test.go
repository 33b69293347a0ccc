package app_test

import (
	"encoding/json"
	"io"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestHealthz(t *testing.T) {
	b := setup(t)
	get := func() (int, map[string]any) {
		resp, err := http.Get(b.url + "/healthz") // no key: probes have none
		require.NoError(t, err)
		defer resp.Body.Close()
		raw, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		var body map[string]any
		require.NoError(t, json.Unmarshal(raw, &body))
		return resp.StatusCode, body
	}
	status, body := get()
	assert.Equal(t, http.StatusOK, status)
	assert.Equal(t, map[string]any{"identity": "SERVING", "catalog": "SERVING", "upload": "SERVING", "hooks": "SERVING", "analytics": "SERVING"}, body["result"])

	b.backends.SetServing(false)
	status, body = get()
	assert.Equal(t, http.StatusServiceUnavailable, status)
	assert.Equal(t, false, body["success"])
	assert.Equal(t, map[string]any{}, body["result"])
	assert.Equal(t, []any{
		map[string]any{"message": "identity: NOT_SERVING", "code": "unavailable"},
		map[string]any{"message": "catalog: NOT_SERVING", "code": "unavailable"},
		map[string]any{"message": "upload: NOT_SERVING", "code": "unavailable"},
		map[string]any{"message": "hooks: NOT_SERVING", "code": "unavailable"},
		map[string]any{"message": "analytics: NOT_SERVING", "code": "unavailable"},
	}, body["errors"])
}
