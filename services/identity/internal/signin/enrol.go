package signin

import (
	"context"
	"errors"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/audit"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/identity/internal/mfa"
)

var (
	// errSessionRequired refuses API keys: enrolment is about a person.
	errSessionRequired = &apperr.Denied{Code: apperr.CodeSessionRequired, Reason: "only a signed-in user can do this"}
	errCodeRequired    = apperr.InvalidField("code", "is required")
	errNotPending      = &apperr.Refused{Reason: "there is no multi-factor enrolment to confirm: start one with POST /v2/users/me/mfa"}
	errEnrolled        = &apperr.Conflict{Reason: "multi-factor codes are already on: turn them off first"}
	errNotEnrolled     = &apperr.Refused{Reason: "multi-factor codes are not on"}
)

// Confirmed is what a confirmed enrolment shows once: the recovery codes.
type Confirmed struct {
	RecoveryCodes []string
}

// Enrol starts TOTP enrolment for the signed-in user: a new secret, kept
// sealed and pending until Confirm gets a first code from it.
func (s *Service) Enrol(ctx context.Context, p principal.Principal) (mfa.Enrolment, error) {
	if p.ActorType != principal.ActorUser {
		return mfa.Enrolment{}, errSessionRequired
	}
	var e mfa.Enrolment
	err := s.store.InSignInTx(ctx, func(tx Tx) error {
		state, email, err := s.lockMFA(ctx, tx, p)
		if err != nil {
			return err
		}
		if state.TOTPSecret != nil {
			return errEnrolled
		}
		if e, err = mfa.NewEnrolment(email); err != nil {
			return err
		}
		return tx.SetTOTPPending(ctx, p.AccountID, p.ActorID, s.sealer.Seal(p.ActorID, e.Secret), p.ActorID, s.timestamp())
	})
	return e, err
}

// Confirm turns the pending secret on with its first code and returns the
// ten recovery codes, shown once.
func (s *Service) Confirm(ctx context.Context, p principal.Principal, code string) (Confirmed, error) {
	if p.ActorType != principal.ActorUser {
		return Confirmed{}, errSessionRequired
	}
	if code == "" {
		return Confirmed{}, errCodeRequired
	}
	var out Confirmed
	err := s.store.InSignInTx(ctx, func(tx Tx) error {
		state, _, err := s.lockMFA(ctx, tx, p)
		if err != nil {
			return err
		}
		if state.TOTPPending == nil {
			return errNotPending
		}
		secret, err := s.sealer.Open(p.ActorID, state.TOTPPending)
		if err != nil {
			return err
		}
		now := s.timestamp()
		step, ok := mfa.MatchStep(secret, code, now, 0)
		if !ok {
			return ErrCodeInvalid
		}
		codes, hashes := mfa.NewRecoveryCodes()
		if err := tx.ConfirmTOTP(ctx, p.AccountID, p.ActorID, step, hashes, p.ActorID, now); err != nil {
			return err
		}
		out.RecoveryCodes = codes
		return tx.Audit(ctx, p, audit.EntityUsers, p.ActorID, audit.ActionUpdate, map[string]any{"mfa_required": true})
	})
	return out, err
}

// Disable turns TOTP off for the signed-in user, who proves it with a
// current code or a recovery code. A wrong code counts as a failed sign-in
// (and is limited as one), so a session cannot be used to guess codes.
func (s *Service) Disable(ctx context.Context, p principal.Principal, code string) error {
	if p.ActorType != principal.ActorUser {
		return errSessionRequired
	}
	if code == "" {
		return errCodeRequired
	}
	now := s.timestamp()
	email, err := s.userEmail(ctx, p)
	if err != nil {
		return err
	}
	reserved, err := s.reserve(ctx, email, p.ClientIP, now)
	if err != nil {
		return err
	}
	err = s.store.InSignInTx(ctx, func(tx Tx) error {
		state, _, err := s.lockMFA(ctx, tx, p)
		if err != nil {
			return err
		}
		if state.TOTPSecret == nil {
			return errNotEnrolled
		}
		user := Candidate{ID: p.ActorID, AccountID: p.AccountID, MFAState: state}
		if _, ok, err := s.checkCode(ctx, tx, user, code, now); err != nil || !ok {
			return firstErr(err, ErrCodeInvalid)
		}
		if err := tx.DisableTOTP(ctx, p.AccountID, p.ActorID, p.ActorID, now); err != nil {
			return err
		}
		return tx.Audit(ctx, p, audit.EntityUsers, p.ActorID, audit.ActionUpdate, map[string]any{"mfa_required": false})
	})
	s.settle(ctx, reserved, err)
	if !errors.Is(err, ErrCodeInvalid) {
		return err
	}
	// The refusal rolled back; its audit entry is committed on its own.
	return firstErr(s.store.InSignInTx(ctx, func(tx Tx) error {
		_, err := s.refuse(ctx, tx, Attempt{Email: email, ClientIP: p.ClientIP}, Candidate{ID: p.ActorID, AccountID: p.AccountID},
			"mfa_code", ErrCodeInvalid)
		return err
	}), ErrCodeInvalid)
}

// userEmail is the signed-in user's email, what their failures count against.
func (s *Service) userEmail(ctx context.Context, p principal.Principal) (string, error) {
	var email string
	err := s.store.InSignInTx(ctx, func(tx Tx) error {
		_, mail, err := s.lockMFA(ctx, tx, p)
		email = mail
		return err
	})
	return email, err
}

func (s *Service) lockMFA(ctx context.Context, tx Tx, p principal.Principal) (MFAState, string, error) {
	state, err := tx.LockUserMFA(ctx, p.AccountID, p.ActorID)
	if err != nil {
		return MFAState{}, "", err
	}
	return state.MFAState, state.Email, nil
}

func firstErr(err, fallback error) error {
	if err != nil {
		return err
	}
	return fallback
}

// SetAccountRequirement makes multi-factor codes required (or not) of
// everyone in the account. The policy lets owners (and API keys) only.
func (s *Service) SetAccountRequirement(ctx context.Context, p principal.Principal, required bool) error {
	return s.store.InSignInTx(ctx, func(tx Tx) error {
		if err := tx.SetAccountMFARequired(ctx, p.AccountID, required, p.ActorID, s.timestamp()); err != nil {
			return err
		}
		return tx.Audit(ctx, p, audit.EntityAccounts, p.AccountID, audit.ActionUpdate, map[string]any{"mfa_required": required})
	})
}
