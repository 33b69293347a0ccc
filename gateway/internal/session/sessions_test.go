package session

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

	"github.com/vidhost/vidhost/gateway/internal/auth"
	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/envelope"
	"github.com/vidhost/vidhost/pkg/principal"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
)

const liveToken = "live-session-token"

// fakeSessions knows one live session, of user u1 in account acc1.
type fakeSessions struct {
	identityv1.SessionServiceClient
}

func (fakeSessions) ResolveSession(_ context.Context, in *identityv1.ResolveSessionRequest, _ ...grpc.CallOption) (*identityv1.ResolveSessionResponse, error) {
	if in.GetToken() != liveToken {
		return nil, apperr.ToStatus(&apperr.NotAuthenticated{Code: apperr.CodeSessionInvalid, Reason: "this session is invalid or has expired: sign in again"})
	}
	return &identityv1.ResolveSessionResponse{Session: &identityv1.Session{AccountId: "acc1", UserId: "u1", CsrfToken: "csrf1",
		ExpiresTime: time.Now().Add(time.Hour).UTC().Format(time.RFC3339)},
		Role: "uploader", Plan: "pro"}, nil
}

func (fakeSessions) RecordRefusal(context.Context, *identityv1.RecordRefusalRequest, ...grpc.CallOption) (*identityv1.RecordRefusalResponse, error) {
	return &identityv1.RecordRefusalResponse{}, nil
}

func TestSessionCookieAuthenticatesAsTheUser(t *testing.T) {
	sessions := NewSessions(fakeSessions{}, "https://videos.example.com")
	assert.Equal(t, "__Host-vidhost_session", sessions.CookieName())
	assert.Equal(t, "vidhost_session", NewSessions(fakeSessions{}, "http://127.0.0.1:8080").CookieName())
	assert.False(t, NewSessions(fakeSessions{}, "http://127.0.0.1:8080").InsecureOutsideDevelopment())
	assert.False(t, NewSessions(fakeSessions{}, "http://localhost:8080").InsecureOutsideDevelopment())
	assert.True(t, NewSessions(fakeSessions{}, "http://videos.example.com").InsecureOutsideDevelopment())
	assert.False(t, sessions.InsecureOutsideDevelopment())

	cases := []struct {
		name, method, cookie, csrf, origin string
		status                             int
		code, message                      string
	}{
		{"read", http.MethodGet, liveToken, "", "", http.StatusOK, "", ""},
		{"write with the token", http.MethodPost, liveToken, "csrf1", "https://videos.example.com", http.StatusOK, "", ""},
		{"write without the token", http.MethodPost, liveToken, "", "", http.StatusForbidden, "csrf_invalid",
			"this request needs the session's CSRF token in the X-CSRF-Token header"},
		{"write with a wrong token", http.MethodDelete, liveToken, "csrf2", "", http.StatusForbidden, "csrf_invalid",
			"the X-CSRF-Token header does not match this session: sign in again or reload the page"},
		{"write from another origin", http.MethodPost, liveToken, "csrf1", "https://evil.example", http.StatusForbidden, "csrf_invalid",
			"this request comes from another origin (https://evil.example) and cannot use the session"},
		{"forged cookie", http.MethodGet, "forged", "", "", http.StatusUnauthorized, "session_invalid",
			"this session is invalid or has expired: sign in again"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var got principal.Principal
			next := http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) { got, _ = principal.FromContext(r.Context()) })
			handler := auth.RequireKeyOrSession(nil, sessions, auth.ClientIP{}, slog.New(slog.DiscardHandler))(next)
			req := httptest.NewRequest(tc.method, "/v2/videos", nil)
			req.AddCookie(&http.Cookie{Name: SecureCookieName, Value: tc.cookie})
			if tc.csrf != "" {
				req.Header.Set(CSRFHeader, tc.csrf)
			}
			if tc.origin != "" {
				req.Header.Set("Origin", tc.origin)
			}
			rec := httptest.NewRecorder()
			handler.ServeHTTP(rec, req)
			require.Equal(t, tc.status, rec.Code, rec.Body.String())
			if tc.code == "" {
				assert.Equal(t, principal.Principal{AccountID: "acc1", ActorID: "u1", ActorType: principal.ActorUser,
					Role: "uploader", Plan: "pro", ClientIP: "192.0.2.1"}, got)
				return
			}
			var env envelope.Envelope
			require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &env))
			require.Len(t, env.Errors, 1)
			assert.Equal(t, tc.code, env.Errors[0].Code)
			assert.Equal(t, tc.message, env.Errors[0].Message)
			assert.Empty(t, got.AccountID, "nothing ran")
		})
	}
}

func TestViewSessionOnlyTheSessionsAccount(t *testing.T) {
	sessions := NewSessions(fakeSessions{}, "https://videos.example.com")
	req := httptest.NewRequest(http.MethodGet, "/watch/v1", nil)
	_, _, ok := sessions.ViewSession(req, "acc1")
	assert.False(t, ok, "no cookie")
	req.AddCookie(&http.Cookie{Name: SecureCookieName, Value: liveToken})
	ref, _, ok := sessions.ViewSession(req, "acc1")
	assert.True(t, ok)
	assert.Equal(t, MediaRef(liveToken), ref)
	assert.True(t, sessions.SessionLive(req, ref, "acc1"))
	assert.False(t, sessions.SessionLive(req, MediaRef("another session"), "acc1"), "another session's token")
	_, _, ok = sessions.ViewSession(req, "acc2")
	assert.False(t, ok)
	assert.False(t, sessions.SessionLive(req, ref, "acc2"))
}
