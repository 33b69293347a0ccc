package signin

import (
	"context"

	"github.com/vidhost/vidhost/pkg/audit"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/identity/internal/sessions"
)

// Refusal is a request the gateway refused although its session was live.
type Refusal struct {
	Reason, Method, Path, ClientIP string
}

// RecordRefusal audits a refusal as the act of the session's user; a token
// that resolves to no live session records nothing.
func (s *Service) RecordRefusal(ctx context.Context, token string, r Refusal) error {
	resolved, err := s.sessions.Resolve(ctx, token)
	if err != nil {
		return nil //nolint:nilerr // nothing to record: the session is gone, and the gateway has answered
	}
	sess := resolved.Session
	p := principal.Principal{AccountID: sess.AccountID, ActorID: sess.UserID, ActorType: principal.ActorUser,
		Role: resolved.Role, ClientIP: r.ClientIP}
	return s.store.InSignInTx(ctx, func(tx Tx) error {
		return tx.Audit(ctx, p, audit.EntityUsers, sess.UserID, audit.ActionRefuse,
			map[string]any{"check": "csrf", "reason": r.Reason, "method": r.Method, "path": r.Path})
	})
}

// AuditEndedSession records that the cookie of a session that had expired,
// or whose user or account was disabled, was used: by the system, since
// whoever holds an old cookie is not proven to be its user.
func (s *Service) AuditEndedSession(ctx context.Context, sess sessions.Session, clientIP string) error {
	p := principal.Principal{AccountID: sess.AccountID, ActorID: failureAuditorID, ActorType: principal.ActorSystem, ClientIP: clientIP}
	return s.store.InSignInTx(ctx, func(tx Tx) error {
		return tx.Audit(ctx, p, audit.EntityUsers, sess.UserID, audit.ActionRefuse,
			map[string]any{"check": "session", "reason": "the session had expired or its user was disabled", "session_id": sess.ID})
	})
}
