package auth

import (
	"log/slog"
	"net/http"
	"net/netip"
	"strings"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/vidhost/vidhost/gateway/internal/tokens"
	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/envelope"
	"github.com/vidhost/vidhost/pkg/principal"
)

// MaxKeyLength bounds what is hashed and sent to identity or verified as an
// upload token, and the longest session cookie read; real keys, tokens and
// cookies are far shorter.
const MaxKeyLength = 1024

// Require authenticates every request with an API key and authorizes it
// against the key's address list and permissions; the principal goes into
// the context.
func Require(a *Authenticator, clientIP ClientIP, logger *slog.Logger) func(http.Handler) http.Handler {
	return RequireKeyOrSession(a, nil, clientIP, logger)
}

// RequireKeyOrSession is Require that also accepts the session cookie when
// no Authorization header is sent (sessions nil: keys only). A session acts
// as its user, with the user's role; a request that changes something needs
// the session's CSRF token (docs/authentication.md).
func RequireKeyOrSession(a *Authenticator, sessions SessionCookie, clientIP ClientIP, logger *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			header := r.Header.Get("Authorization")
			if token, ok := sessionToken(sessions, r); ok && header == "" {
				serveSession(w, r, next, sessions, token, clientIP, logger)
				return
			}
			key, ok := bearerKey(header)
			if !ok {
				unauthorized(w)
				return
			}
			if a.uploadTokens != nil && strings.HasPrefix(key, tokens.Prefix) {
				serveWithToken(w, r, next, a, key, clientIP, logger)
				return
			}
			cred, err := a.Resolve(r.Context(), key)
			if err != nil {
				resolveFailed(w, r, logger, err)
				return
			}
			ip := clientIP.Of(r)
			if !cred.AllowsIP(ip) {
				envelope.WriteError(w, apperr.CodeIPNotAllowed, "this API key is not allowed from "+ip.String())
				return
			}
			if cred.Principal.ReadOnly && r.Method != http.MethodGet && r.Method != http.MethodHead {
				envelope.WriteError(w, apperr.CodeReadOnlyKey, "")
				return
			}
			p := cred.Principal
			p.ClientIP = AddrString(ip)
			next.ServeHTTP(w, r.WithContext(principal.NewContext(r.Context(), p)))
		})
	}
}

// enrolmentPaths are what a session that must enrol multi-factor codes may
// still call under /v2 (besides the gateway's own /v2/session).
var enrolmentPaths = map[string]bool{"/v2/users/me/mfa": true, "/v2/users/me/mfa/confirm": true}

func sessionToken(sessions SessionCookie, r *http.Request) (string, bool) {
	if sessions == nil {
		return "", false
	}
	return sessions.Token(r)
}

// serveSession authenticates r by its session cookie and checks CSRF.
func serveSession(w http.ResponseWriter, r *http.Request, next http.Handler, sessions SessionCookie, token string, clientIP ClientIP, logger *slog.Logger) {
	ip := AddrString(clientIP.Of(r))
	resolved, err := sessions.Resolve(r.Context(), token, ip)
	if err != nil {
		mapped := envelope.FromError(err)
		if mapped.Hidden {
			logger.WarnContext(r.Context(), "session lookup failed", "error", err.Error())
		}
		if mapped.Error.Code == apperr.CodeSessionInvalid {
			sessions.ClearCookie(w) // the browser stops sending it
		}
		envelope.Write(w, mapped.HTTPStatus, envelope.Failure(mapped.Error))
		return
	}
	if sessions.RefuseCSRF(w, r, token, resolved, ip, logger) {
		return
	}
	if resolved.GetMfaEnrolmentRequired() && !enrolmentPaths[r.URL.Path] {
		envelope.WriteError(w, apperr.CodeMfaEnrolmentRequired, "")
		return
	}
	p := SessionPrincipal(resolved, ip)
	next.ServeHTTP(w, r.WithContext(principal.NewContext(r.Context(), p)))
}

// bearerKey reads "Bearer <key>" (the scheme is case-insensitive).
func bearerKey(header string) (string, bool) {
	const scheme = "bearer "
	if len(header) <= len(scheme) || !strings.EqualFold(header[:len(scheme)], scheme) {
		return "", false
	}
	key := strings.TrimSpace(header[len(scheme):])
	return key, key != "" && len(key) <= MaxKeyLength && !strings.ContainsAny(key, " \t")
}

func unauthorized(w http.ResponseWriter) {
	w.Header().Set("WWW-Authenticate", "Bearer")
	envelope.WriteError(w, apperr.CodeUnauthenticated, apperr.ErrUnauthenticated.Error())
}

// resolveFailed answers 401 for keys identity rejects and maps the rest
// like any failed call (identity down: 503 unavailable; too slow: 504
// timeout), so a client can tell "bad key" from "try again".
func resolveFailed(w http.ResponseWriter, r *http.Request, logger *slog.Logger, err error) {
	st := status.Convert(err)
	switch st.Code() {
	case codes.Unauthenticated, codes.NotFound, codes.InvalidArgument, codes.PermissionDenied:
		unauthorized(w)
		return
	}
	mapped := envelope.FromStatus(st)
	logger.WarnContext(r.Context(), "authentication failed", "code", st.Code().String(), "error", st.Message())
	envelope.Write(w, mapped.HTTPStatus, envelope.Failure(mapped.Error))
}

// AddrString is ip as audit logs record it, "" when the address is unknown.
func AddrString(ip netip.Addr) string {
	if !ip.IsValid() {
		return ""
	}
	return ip.Unmap().String()
}
