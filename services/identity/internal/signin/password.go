package signin

import (
	"context"

	"github.com/vidhost/vidhost/pkg/audit"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/identity/internal/password"
	"github.com/vidhost/vidhost/services/identity/internal/sessions"
)

// ChangePassword sets the signed-in user's password after checking the
// current one, and ends their other sessions: whoever else knew the old
// password is signed out. keepSessionID is the session making the change.
// A wrong current password counts as a failed sign-in (and is limited as
// one), so a session cannot be used to guess the password.
func (s *Service) ChangePassword(ctx context.Context, p principal.Principal, current, next, keepSessionID string) error {
	if p.ActorType != principal.ActorUser {
		return errSessionRequired
	}
	if err := password.Check("new_password", next); err != nil {
		return err
	}
	var email, stored string
	err := s.store.InSignInTx(ctx, func(tx Tx) error {
		state, err := tx.LockUserMFA(ctx, p.AccountID, p.ActorID)
		if err != nil {
			return err
		}
		email = state.Email
		stored, err = tx.PasswordHash(ctx, p.AccountID, p.ActorID)
		return err
	})
	if err != nil {
		return err
	}
	now := s.timestamp()
	if err := s.checkLimits(ctx, Attempt{Email: email, ClientIP: p.ClientIP}, now); err != nil {
		return err
	}
	if !password.VerifyOrDummy(current, stored) {
		err := s.store.InSignInTx(ctx, func(tx Tx) error {
			_, err := s.refuse(ctx, tx, Attempt{Email: email, ClientIP: p.ClientIP}, Candidate{ID: p.ActorID, AccountID: p.AccountID},
				"current_password", errPasswordWrong, now)
			return err
		})
		return firstErr(err, errPasswordWrong)
	}
	hash := password.Hash(next)
	err = s.store.InSignInTx(ctx, func(tx Tx) error {
		if err := tx.SetPasswordHash(ctx, p.AccountID, p.ActorID, hash, p.ActorID, now); err != nil {
			return err
		}
		return tx.Audit(ctx, p, audit.EntityUsers, p.ActorID, audit.ActionUpdate, map[string]any{"password": "changed"})
	})
	if err != nil {
		return err
	}
	_, err = s.sessions.EndOthers(ctx, p.AccountID, p.ActorID, keepSessionID)
	return err
}

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
