package auth

import (
	"context"
	"crypto/subtle"
	"log/slog"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"time"

	"google.golang.org/grpc/metadata"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/envelope"
	"github.com/vidhost/vidhost/pkg/grpcx"
	"github.com/vidhost/vidhost/pkg/logx"
	"github.com/vidhost/vidhost/pkg/principal"
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

// Token returns the session token r carries, if any.
func (s *Sessions) Token(r *http.Request) (string, bool) {
	c, err := r.Cookie(s.CookieName())
	if err != nil || c.Value == "" || len(c.Value) > maxKeyLength {
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
	ctx, cancel := context.WithTimeout(ctx, authenticateTimeout)
	defer cancel()
	if id := logx.RequestID(ctx); id != "" {
		ctx = metadata.AppendToOutgoingContext(ctx, grpcx.RequestIDHeader, id)
	}
	return s.client.ResolveSession(ctx, &identityv1.ResolveSessionRequest{Token: token, ClientIp: clientIP})
}

// Client is identity's session service, for the gateway's /v2/session.
func (s *Sessions) Client() identityv1.SessionServiceClient { return s.client }

// SessionPrincipal is who a resolved session acts as: its user, with the
// user's role, from ip.
func SessionPrincipal(r *identityv1.ResolveSessionResponse, ip string) principal.Principal {
	sess := r.GetSession()
	return principal.Principal{AccountID: sess.GetAccountId(), ActorID: sess.GetUserId(), ActorType: principal.ActorUser,
		Role: r.GetRole(), Plan: r.GetPlan(), LiveEnabled: r.GetLiveEnabled(), ClientIP: ip}
}

// CSRFProblem says why a request made with the cookie may not change
// anything, or "" when it may: reads always may; others need the session's
// token in X-CSRF-Token and, when the browser names one, this gateway's
// Origin. SameSite=Lax already keeps the cookie off most cross-site
// requests; the token covers the rest (a sibling subdomain, old browsers).
func (s *Sessions) CSRFProblem(r *http.Request, csrfToken string) string {
	switch r.Method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return ""
	}
	if problem := s.OriginProblem(r); problem != "" {
		return problem
	}
	sent := r.Header.Get(CSRFHeader)
	if sent == "" {
		return "this request needs the session's CSRF token in the X-CSRF-Token header"
	}
	if csrfToken == "" || subtle.ConstantTimeCompare([]byte(sent), []byte(csrfToken)) != 1 {
		return "the X-CSRF-Token header does not match this session: sign in again or reload the page"
	}
	return ""
}

// RefuseCSRF answers 403 csrf_invalid, and has identity audit it as the
// session's user's, when r may not change anything with its session
// (CSRFProblem); it reports whether it refused. An audit that fails is
// logged: the refusal stands either way.
func (s *Sessions) RefuseCSRF(w http.ResponseWriter, r *http.Request, token string, resolved *identityv1.ResolveSessionResponse, ip string, logger *slog.Logger) bool {
	problem := s.CSRFProblem(r, resolved.GetSession().GetCsrfToken())
	if problem == "" {
		return false
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), authenticateTimeout)
	defer cancel()
	_, err := s.client.RecordRefusal(ctx, &identityv1.RecordRefusalRequest{Token: token, Reason: problem,
		Method: r.Method, Path: r.URL.Path, ClientIp: ip})
	if err != nil {
		logger.WarnContext(r.Context(), "CSRF refusal not audited", "user_id", resolved.GetSession().GetUserId(), "error", err.Error())
	}
	envelope.WriteError(w, apperr.CodeCsrfInvalid, problem)
	return true
}

// OriginProblem says why r's Origin header is not this gateway's public
// origin, or "" when it is or the browser sent none.
func (s *Sessions) OriginProblem(r *http.Request) string {
	if origin := r.Header.Get("Origin"); origin != "" && !strings.EqualFold(origin, s.origin) {
		return "this request comes from another origin (" + origin + ") and cannot use the session"
	}
	return ""
}

// FormOriginProblem is OriginProblem for a form that signs a browser in
// without a session yet (single sign-on's start), where there is no CSRF
// token to check: the browser must name this origin. Browsers send Origin
// on every POST, so one that names none, or "null", is refused too.
func (s *Sessions) FormOriginProblem(r *http.Request) string {
	switch origin := r.Header.Get("Origin"); {
	case origin == "":
		return "this sign-in must start from this site's single sign-on page: the request names no origin"
	case !strings.EqualFold(origin, s.origin):
		return "this request comes from another origin (" + origin + ") and cannot start a sign-in"
	}
	return ""
}
