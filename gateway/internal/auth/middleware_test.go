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

	"github.com/vidhost/vidhost/pkg/envelope"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
)

// failingIdentity answers every Authenticate with err.
type failingIdentity struct {
	identityv1.IdentityServiceClient
	err error
}

func (f failingIdentity) Authenticate(context.Context, *identityv1.AuthenticateRequest, ...grpc.CallOption) (*identityv1.AuthenticateResponse, error) {
	return nil, f.err
}

// TestIdentityFailures: a key identity rejects is 401; identity down or
// too slow is what any failed call is, so a client can tell "bad key" from
// "try again".
func TestIdentityFailures(t *testing.T) {
	cases := []struct {
		name   string
		err    error
		status int
		want   envelope.Error
	}{
		{"unknown key", status.Error(codes.Unauthenticated, "no such key"), http.StatusUnauthorized,
			envelope.Error{Message: "a valid API key is required", Code: "unauthenticated"}},
		{"identity down", status.Error(codes.Unavailable, "connection refused"), http.StatusServiceUnavailable,
			envelope.Error{Message: "service unavailable", Code: "unavailable"}},
		{"identity too slow", status.Error(codes.DeadlineExceeded, "context deadline exceeded"), http.StatusGatewayTimeout,
			envelope.Error{Message: "request timed out", Code: "timeout"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			a := NewAuthenticator(failingIdentity{err: tc.err}, NewCache(time.Minute, 10))
			handler := Require(a, ClientIP{}, slog.New(slog.DiscardHandler))(http.NotFoundHandler())
			req := httptest.NewRequest(http.MethodGet, "/v2/players", nil)
			req.Header.Set("Authorization", "Bearer some-key")
			rec := httptest.NewRecorder()
			handler.ServeHTTP(rec, req)
			assert.Equal(t, tc.status, rec.Code)
			var env envelope.Envelope
			require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &env))
			assert.Equal(t, []envelope.Error{tc.want}, env.Errors)
		})
	}
}
