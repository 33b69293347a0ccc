package session

import (
	"context"
	"crypto/subtle"
	"log/slog"
	"net/http"
	"strings"

	"github.com/vidhost/vidhost/gateway/internal/auth"
	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/envelope"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
)

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
	ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), auth.AuthenticateTimeout)
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
