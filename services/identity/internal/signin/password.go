package signin

import (
	"context"

	"github.com/vidhost/vidhost/pkg/audit"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/identity/internal/password"
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
	reserved, err := s.reserve(ctx, email, p.ClientIP, now)
	if err != nil {
		return err
	}
	err = s.checkCurrent(ctx, p, email, current, stored)
	s.settle(ctx, reserved, err)
	if err != nil {
		return err
	}
	hash, err := password.Hash(ctx, next)
	if err != nil {
		return err
	}
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

// checkCurrent verifies the current password, auditing a wrong one.
func (s *Service) checkCurrent(ctx context.Context, p principal.Principal, email, current, stored string) error {
	ok, err := password.VerifyOrDummy(ctx, current, stored)
	if err != nil || ok {
		return err
	}
	err = s.store.InSignInTx(ctx, func(tx Tx) error {
		_, err := s.refuse(ctx, tx, Attempt{Email: email, ClientIP: p.ClientIP}, Candidate{ID: p.ActorID, AccountID: p.AccountID},
			"current_password", errPasswordWrong)
		return err
	})
	return firstErr(err, errPasswordWrong)
}
