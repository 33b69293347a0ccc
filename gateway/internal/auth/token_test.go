package auth

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/internal/tokens"
	"github.com/vidhost/vidhost/pkg/envelope"
	"github.com/vidhost/vidhost/pkg/principal"
)

// TestUploadTokens: a token acts as its key, narrowed, on the two requests
// it allows; anything else is a clear 401 or 403, and identity is never
// asked (failingIdentity would turn that into a 503).
func TestUploadTokens(t *testing.T) {
	signer := tokens.NewSigner([]byte("0123456789abcdef0123456789abcdef"), time.Now)
	valid, claims := signer.Mint(tokens.Claims{Type: tokens.TypeUpload, AccountID: "acc", KeyID: "key", ActorID: "key", ActorType: "api_key", MaxSizeBytes: 42}, time.Minute)
	viewer, _ := signer.Mint(tokens.Claims{Type: tokens.TypeViewer, AccountID: "acc", KeyID: "key", ActorID: "key", ActorType: "api_key", VideoID: "v"}, time.Minute)
	expired, _ := signer.Mint(tokens.Claims{Type: tokens.TypeUpload, AccountID: "acc", KeyID: "key", ActorID: "key", ActorType: "api_key", MaxSizeBytes: 42}, -time.Second)
	cases := []struct {
		name, method, path, token string
		status                    int
		code                      string
	}{
		{"declares an upload", http.MethodPost, "/v2/uploads", valid, http.StatusOK, ""},
		{"creates the video", http.MethodPost, "/v2/videos", valid, http.StatusOK, ""},
		{"lists nothing", http.MethodGet, "/v2/videos", valid, http.StatusForbidden, "token_scope"},
		{"mints nothing", http.MethodPost, "/v2/tokens", valid, http.StatusForbidden, "token_scope"},
		{"no tus", http.MethodPost, "/v2/uploads/tus/", valid, http.StatusForbidden, "token_scope"},
		{"a viewer token", http.MethodPost, "/v2/uploads", viewer, http.StatusForbidden, "token_scope"},
		{"expired", http.MethodPost, "/v2/uploads", expired, http.StatusUnauthorized, "token_expired"},
		{"tampered", http.MethodPost, "/v2/uploads", valid[:len(valid)-2] + "xx", http.StatusUnauthorized, "token_invalid"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			a := NewAuthenticator(failingIdentity{}, NewCache(time.Minute, 10))
			a.AcceptUploadTokens(signer)
			var got principal.Principal
			handler := Require(a, ClientIP{}, slog.New(slog.NewTextHandler(io.Discard, nil)))(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
				got, _ = principal.FromContext(r.Context())
			}))
			req := httptest.NewRequest(tc.method, tc.path, nil)
			req.Header.Set("Authorization", "Bearer "+tc.token)
			rec := httptest.NewRecorder()
			handler.ServeHTTP(rec, req)
			require.Equal(t, tc.status, rec.Code, rec.Body.String())
			if tc.code == "" {
				assert.Equal(t, principal.Principal{AccountID: "acc", KeyID: "key", ActorID: "key", ActorType: principal.ActorAPIKey,
					ClientIP: "192.0.2.1", UploadToken: claims.ID, MaxUploadBytes: 42}, got)
				return
			}
			var env envelope.Envelope
			require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &env))
			require.Len(t, env.Errors, 1)
			assert.Equal(t, tc.code, env.Errors[0].Code)
		})
	}
}
