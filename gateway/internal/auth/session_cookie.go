package auth

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/vidhost/vidhost/pkg/principal"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
)

// SessionCookie is what RequireKeyOrSession needs of the dashboard's
// session cookie; gateway/internal/session.Sessions is the one the gateway
// passes. It is an interface so that auth, which the session package
// builds on for client addresses, does not import it back.
type SessionCookie interface {
	// Token returns the session token r carries, if any.
	Token(r *http.Request) (string, bool)
	// Resolve asks identity for the live session of token, used from clientIP.
	Resolve(ctx context.Context, token, clientIP string) (*identityv1.ResolveSessionResponse, error)
	// ClearCookie tells the browser to forget the session cookie.
	ClearCookie(w http.ResponseWriter)
	// RefuseCSRF answers 403 csrf_invalid when r may not change anything
	// with its session, and reports whether it did.
	RefuseCSRF(w http.ResponseWriter, r *http.Request, token string, resolved *identityv1.ResolveSessionResponse, ip string, logger *slog.Logger) bool
}

// SessionPrincipal is who a resolved session acts as: its user, with the
// user's role, from ip.
func SessionPrincipal(r *identityv1.ResolveSessionResponse, ip string) principal.Principal {
	sess := r.GetSession()
	return principal.Principal{AccountID: sess.GetAccountId(), ActorID: sess.GetUserId(), ActorType: principal.ActorUser,
		Role: r.GetRole(), Plan: r.GetPlan(), LiveEnabled: r.GetLiveEnabled(), ClientIP: ip}
}
