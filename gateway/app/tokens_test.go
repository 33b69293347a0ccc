package app_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/apperr"
)

// mint asks the gateway for an upload token with key.
func (b testBundle) mint(t *testing.T, key, body string) (int, string, string) {
	t.Helper()
	resp, env := b.do(t, call{method: http.MethodPost, path: "/v2/tokens", key: key, body: body})
	if !env.Success {
		require.Len(t, env.Errors, 1)
		return resp.StatusCode, "", env.Errors[0].Message
	}
	var result struct {
		Token       string `json:"token"`
		Type        string `json:"type"`
		ExpiresTime string `json:"expires_time"`
	}
	require.NoError(t, json.Unmarshal(env.Result, &result))
	assert.Contains(t, []string{"upload", "viewer"}, result.Type)
	assert.NotEmpty(t, result.ExpiresTime)
	assert.Equal(t, "no-store", resp.Header.Get("Cache-Control"))
	return resp.StatusCode, result.Token, ""
}

func TestMintingTokens(t *testing.T) {
	b := setup(t)
	cases := []struct {
		name, key, body string
		status          int
		message         string
	}{
		{"an upload token", keyReadWrite, `{"type": "upload", "max_size_bytes": 1048576, "ttl_seconds": 600}`, http.StatusOK, ""},
		{"the default lifetime", keyReadWrite, `{"type": "upload", "max_size_bytes": 1}`, http.StatusOK, ""},
		{"no such type", keyReadWrite, `{"type": "download", "max_size_bytes": 1}`, http.StatusBadRequest, "type must be upload or viewer"},
		{"a viewer token", keyReadWrite, `{"type": "viewer", "video_id": "V1StGXR8_Z5jdHi6B-myT", "ttl_seconds": 86400}`, http.StatusOK, ""},
		{"a viewer token without a video", keyReadWrite, `{"type": "viewer"}`, http.StatusBadRequest, "video_id must be a video id"},
		{"a viewer token with a cap", keyReadWrite, `{"type": "viewer", "video_id": "V1StGXR8_Z5jdHi6B-myT", "max_size_bytes": 1}`,
			http.StatusBadRequest, "max_size_bytes is only for upload tokens"},
		{"a viewer token too long", keyReadWrite, `{"type": "viewer", "video_id": "V1StGXR8_Z5jdHi6B-myT", "ttl_seconds": 86401}`,
			http.StatusBadRequest, "ttl_seconds must be a whole number from 60 to 86400"},
		{"an upload token for a video", keyReadWrite, `{"type": "upload", "max_size_bytes": 1, "video_id": "V1StGXR8_Z5jdHi6B-myT"}`,
			http.StatusBadRequest, "video_id is only for viewer tokens"},
		{"no cap", keyReadWrite, `{"type": "upload"}`, http.StatusBadRequest,
			"max_size_bytes must be a whole number of bytes from 1 to 9007199254740992"},
		{"too long", keyReadWrite, `{"type": "upload", "max_size_bytes": 1, "ttl_seconds": 3601}`, http.StatusBadRequest,
			"ttl_seconds must be a whole number from 60 to 3600"},
		{"unknown field", keyReadWrite, `{"type": "upload", "max_size_bytes": 1, "folder": "x"}`, http.StatusBadRequest, "malformed JSON"},
		{"a read-only key", keyReadOnly, `{"type": "upload", "max_size_bytes": 1}`, http.StatusForbidden, "this API key is read-only"},
		{"no key", "", `{"type": "upload", "max_size_bytes": 1}`, http.StatusUnauthorized, "a valid API key is required"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			status, token, message := b.mint(t, tc.key, tc.body)
			assert.Equal(t, tc.status, status)
			assert.Equal(t, tc.message, message)
			if tc.status == http.StatusOK {
				assert.Regexp(t, `^vht_[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$`, token)
				recorded := b.backends.Identity.Tokens()
				require.NotEmpty(t, recorded, "identity audits every token handed out")
				last := recorded[len(recorded)-1]
				assert.Equal(t, "acc1", last.AccountID)
				assert.NotEmpty(t, last.Request.GetId())
				assert.NotContains(t, last.Request.String(), token, "never the token itself")
			}
		})
	}
}

// TestNoTokenWithoutItsAuditEntry: when identity cannot record the token
// (down, or a person's role too low), none is handed out.
func TestNoTokenWithoutItsAuditEntry(t *testing.T) {
	b := setup(t)
	b.backends.Identity.RefuseTokens(&apperr.Denied{Code: apperr.CodeRoleForbidden,
		Reason: "your role (viewer) cannot do this; it needs uploader or higher"})
	status, token, message := b.mint(t, keyReadWrite, `{"type": "upload", "max_size_bytes": 1}`)
	assert.Equal(t, http.StatusForbidden, status)
	assert.Empty(t, token)
	assert.Equal(t, "your role (viewer) cannot do this; it needs uploader or higher", message)
}

// TestUploadTokenReachesOnlyItsRequests: the token opens POST /v2/uploads
// (the fake upload service answers) and nothing else, not even minting.
func TestUploadTokenReachesOnlyItsRequests(t *testing.T) {
	b := setup(t)
	_, token, _ := b.mint(t, keyReadWrite, `{"type": "upload", "max_size_bytes": 100}`)
	for _, c := range []call{
		{method: http.MethodPost, path: "/v2/tokens", key: token, body: `{"type": "upload", "max_size_bytes": 1}`},
		{method: http.MethodGet, path: "/v2/uploads", key: token},
		{method: http.MethodGet, path: "/v2/players", key: token},
		{method: http.MethodDelete, path: "/v2/uploads/abc", key: token},
	} {
		resp, env := b.do(t, c)
		assert.Equal(t, http.StatusForbidden, resp.StatusCode, c.method+" "+c.path)
		require.Len(t, env.Errors, 1)
		assert.Equal(t, "token_scope", env.Errors[0].Code)
	}
}

// TestUploadEndpointsAnswerCORS: a page on another origin may preflight
// the token's requests and the local PUT; minting stays same-origin.
func TestUploadEndpointsAnswerCORS(t *testing.T) {
	b := setup(t)
	for _, path := range []string{"/v2/uploads", "/v2/videos", "/v2/tokens"} {
		req, err := http.NewRequest(http.MethodOptions, b.url+path, nil)
		require.NoError(t, err)
		req.Header.Set("Origin", "https://customer.example")
		req.Header.Set("Access-Control-Request-Method", http.MethodPost)
		req.Header.Set("Access-Control-Request-Headers", "authorization, content-type")
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		_ = resp.Body.Close()
		if path == "/v2/tokens" {
			assert.Empty(t, resp.Header.Get("Access-Control-Allow-Origin"), path)
			continue
		}
		assert.Equal(t, http.StatusNoContent, resp.StatusCode, path)
		assert.Equal(t, "*", resp.Header.Get("Access-Control-Allow-Origin"), path)
		assert.Empty(t, resp.Header.Get("Access-Control-Allow-Credentials"), path)
	}
}
