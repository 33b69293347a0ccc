package auth

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/vidhost/vidhost/gateway/internal/tokens"
	"github.com/vidhost/vidhost/pkg/envelope"
	"github.com/vidhost/vidhost/pkg/principal"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
)

// keyIdentity answers GetApiKey from a table of key ids (nil: deleted)
// and nothing else: a token never costs an Authenticate.
type keyIdentity struct {
	identityv1.IdentityServiceClient
	keys map[string]*identityv1.ApiKey
	err  error
}

func (f keyIdentity) GetApiKey(_ context.Context, in *identityv1.GetApiKeyRequest, _ ...grpc.CallOption) (*identityv1.ApiKey, error) { //nolint:revive // the generated client names it so
	if f.err != nil {
		return nil, f.err
	}
	if k := f.keys[in.GetId()]; k != nil {
		return k, nil
	}
	return nil, status.Error(codes.NotFound, "Not found")
}

// TestUploadTokens: a token acts as its key, narrowed, on the two requests
// it allows, while its key exists and may write; anything else is a clear
// 401 or 403, and identity is never asked to Authenticate.
func TestUploadTokens(t *testing.T) {
	signer := tokens.NewSigner([]byte("0123456789abcdef0123456789abcdef"), time.Now)
	valid, claims := signer.Mint(tokens.Claims{Type: tokens.TypeUpload, AccountID: "acc", KeyID: "key", ActorID: "key", ActorType: "api_key", MaxSizeBytes: 42}, time.Minute)
	viewer, _ := signer.Mint(tokens.Claims{Type: tokens.TypeViewer, AccountID: "acc", KeyID: "key", ActorID: "key", ActorType: "api_key", VideoID: "v"}, time.Minute)
	expired, _ := signer.Mint(tokens.Claims{Type: tokens.TypeUpload, AccountID: "acc", KeyID: "key", ActorID: "key", ActorType: "api_key", MaxSizeBytes: 42}, -time.Second)
	deleted, _ := signer.Mint(tokens.Claims{Type: tokens.TypeUpload, AccountID: "acc", KeyID: "gone", ActorID: "gone", ActorType: "api_key", MaxSizeBytes: 42}, time.Minute)
	readOnly, _ := signer.Mint(tokens.Claims{Type: tokens.TypeUpload, AccountID: "acc", KeyID: "ro", ActorID: "ro", ActorType: "api_key", MaxSizeBytes: 42}, time.Minute)
	identity := keyIdentity{keys: map[string]*identityv1.ApiKey{"key": {Id: "key"}, "ro": {Id: "ro", Permissions: []string{"fetch"}}}}
	cases := []struct {
		name, method, path, token string
		status                    int
		code                      string
	}{
		{"declares an upload", http.MethodPost, "/v2/uploads", valid, http.StatusOK, ""},
		{"creates the video", http.MethodPost, "/v2/videos", valid, http.StatusOK, ""},
		{"lists nothing", http.MethodGet, "/v2/videos", valid, http.StatusForbidden, "token_scope"},
		{"mints nothing", http.MethodPost, "/v2/tokens", valid, http.StatusForbidden, "token_scope"},
		{"creates a tus upload", http.MethodPost, "/v2/uploads/tus/", valid, http.StatusOK, ""},
		{"no tus delete", http.MethodDelete, "/v2/uploads/tus/abc", valid, http.StatusForbidden, "token_scope"},
		{"a viewer token", http.MethodPost, "/v2/uploads", viewer, http.StatusForbidden, "token_scope"},
		{"its key deleted", http.MethodPost, "/v2/uploads", deleted, http.StatusUnauthorized, "token_invalid"},
		{"its key made read-only", http.MethodPost, "/v2/uploads", readOnly, http.StatusUnauthorized, "token_invalid"},
		{"expired", http.MethodPost, "/v2/uploads", expired, http.StatusUnauthorized, "token_expired"},
		{"tampered", http.MethodPost, "/v2/uploads", valid[:len(valid)-2] + "xx", http.StatusUnauthorized, "token_invalid"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			a := NewAuthenticator(identity, NewCache(time.Minute, 10))
			a.AcceptUploadTokens(signer)
			var got principal.Principal
			handler := Require(a, ClientIP{}, slog.New(slog.DiscardHandler))(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
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
