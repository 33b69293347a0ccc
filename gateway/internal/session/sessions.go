package session

import (
	"context"
	"net/http"
	"net/netip"
	"net/url"
	"time"

	"google.golang.org/grpc/metadata"

	"github.com/vidhost/vidhost/gateway/internal/auth"
	"github.com/vidhost/vidhost/pkg/grpcx"
	"github.com/vidhost/vidhost/pkg/logx"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
)

// Cookie names of a session (docs/authentication.md). The __Host- prefix
// makes browsers keep the cookie only if it is Secure, has Path=/ and no
// Domain, so no subdomain can plant or widen it; plain http (local
// development) cannot use it.
const (
	SecureCookieName = "__Host-vidhost_session"
	DevCookieName    = "vidhost_session"
	// CSRFHeader carries the session's CSRF token on every request that
	// changes something.
	CSRFHeader = "X-CSRF-Token"
)

// Sessions recognises the session cookie and resolves it through identity
// on every request: nothing is cached, so a sign-out, a disabled user or a
// password change takes effect when its call returns.
type Sessions struct {
	client identityv1.SessionServiceClient
	// origin is the public URL's scheme://host, the only Origin a
	// state-changing request with the cookie may come from.
	origin string
	secure bool
	// live caches whether the sessions media tokens name are live
	// (session_live.go).
	live liveSessions
}

// NewSessions returns the session support of a gateway serving publicURL.
// The cookie is Secure unless publicURL is plain http, which is only
// accepted for local development (config validation).
func NewSessions(client identityv1.SessionServiceClient, publicURL string) *Sessions {
	u, _ := url.Parse(publicURL)
	return &Sessions{client: client, origin: u.Scheme + "://" + u.Host, secure: u.Scheme == "https"}
}

// InsecureOutsideDevelopment reports whether the cookie is not Secure
// although the public URL is not a loopback address: plain http in
// production, which start-up warns about.
func (s *Sessions) InsecureOutsideDevelopment() bool {
	if s.secure {
		return false
	}
	u, err := url.Parse(s.origin)
	if err != nil {
		return true
	}
	host := u.Hostname()
	if host == "localhost" {
		return false
	}
	ip, err := netip.ParseAddr(host)
	return err != nil || !ip.IsLoopback()
}

// CookieName is the session cookie's name at this gateway.
func (s *Sessions) CookieName() string {
	if s.secure {
		return SecureCookieName
	}
	return DevCookieName
}

// Token returns the session token r carries, if any; a nil Sessions (a
// gateway without sessions) finds none.
func (s *Sessions) Token(r *http.Request) (string, bool) {
	if s == nil {
		return "", false
	}
	c, err := r.Cookie(s.CookieName())
	if err != nil || c.Value == "" || len(c.Value) > auth.MaxKeyLength {
		return "", false
	}
	return c.Value, true
}

// SetCookie gives the browser the session's token until expires.
func (s *Sessions) SetCookie(w http.ResponseWriter, token string, expires time.Time) {
	c := s.cookie(token) //nolint:gosec // G124: see cookie
	c.Expires = expires
	http.SetCookie(w, c)
}

// ClearCookie tells the browser to forget the session cookie.
func (s *Sessions) ClearCookie(w http.ResponseWriter) {
	c := s.cookie("") //nolint:gosec // G124: see cookie
	c.MaxAge = -1
	http.SetCookie(w, c)
}

// cookie is the session cookie with value: HttpOnly (no script reads it),
// SameSite=Lax, Path=/, and Secure unless the public URL is plain http.
func (s *Sessions) cookie(value string) *http.Cookie {
	return &http.Cookie{Name: s.CookieName(), Value: value, Path: "/", //nolint:gosec // G124: Secure is off only for a plain-http public URL (local development), where the browser would drop a Secure cookie
		Secure: s.secure, HttpOnly: true, SameSite: http.SameSiteLaxMode}
}

// Resolve asks identity for the live session of token, used from clientIP.
func (s *Sessions) Resolve(ctx context.Context, token, clientIP string) (*identityv1.ResolveSessionResponse, error) {
	ctx, cancel := context.WithTimeout(ctx, auth.AuthenticateTimeout)
	defer cancel()
	if id := logx.RequestID(ctx); id != "" {
		ctx = metadata.AppendToOutgoingContext(ctx, grpcx.RequestIDHeader, id)
	}
	return s.client.ResolveSession(ctx, &identityv1.ResolveSessionRequest{Token: token, ClientIp: clientIP})
}

// Client is identity's session service, for the gateway's /v2/session.
func (s *Sessions) Client() identityv1.SessionServiceClient { return s.client }
