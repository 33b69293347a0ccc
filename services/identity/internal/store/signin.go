package store

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/vidhost/vidhost/pkg/audit"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/identity/internal/signin"
	"github.com/vidhost/vidhost/services/identity/internal/store/db"
)

var (
	_ signin.Store = SignInStore{}
	_ signin.Tx    = signInTx{}
)

// SignInStore is the signin.Store of identity's database.
type SignInStore struct{ s *Store }

// SignIn returns the sign-in view of s.
func (s *Store) SignIn() SignInStore { return SignInStore{s: s} }

// ReserveAttempt counts one attempt against each subject before it is
// checked, unless a subject already has its limit. The subjects are locked
// in a fixed order (by key), so two attempts sharing subjects cannot wait
// on each other; the counts are read after the locks, in a new snapshot,
// so they include every attempt committed before.
func (v SignInStore) ReserveAttempt(ctx context.Context, subjects []signin.Subject, at, since time.Time) ([]int64, bool, error) {
	sorted := slices.SortedFunc(slices.Values(subjects), func(a, b signin.Subject) int { return strings.Compare(a.Key, b.Key) })
	var ids []int64
	allowed := true
	err := v.s.inTx(ctx, func(q *db.Queries, _ pgx.Tx) error {
		for _, s := range sorted {
			if err := q.LockSignInSubject(ctx, s.Key); err != nil {
				return fmt.Errorf("lock sign-in subject: %w", err)
			}
		}
		for _, s := range sorted {
			n, err := q.CountSignInFailures(ctx, db.CountSignInFailuresParams{Subject: s.Key, Since: since})
			if err != nil {
				return fmt.Errorf("count sign-in failures: %w", err)
			}
			if int(n) >= s.Max {
				allowed = false
				return nil
			}
		}
		var err error
		ids, err = insertAttempts(ctx, q, sorted, at, since)
		return err
	})
	if err != nil || !allowed {
		return nil, false, err
	}
	return ids, true, nil
}

// insertAttempts adds one row per subject, and forgets rows that left the
// window (of every subject: they no longer count).
func insertAttempts(ctx context.Context, q *db.Queries, subjects []signin.Subject, at, since time.Time) ([]int64, error) {
	ids := make([]int64, 0, len(subjects))
	for _, s := range subjects {
		id, err := q.InsertSignInFailure(ctx, db.InsertSignInFailureParams{Subject: s.Key, FailedTime: at})
		if err != nil {
			return nil, fmt.Errorf("record sign-in attempt: %w", err)
		}
		ids = append(ids, id)
	}
	return ids, wrap("forget old sign-in failures", q.DeleteOldSignInFailures(ctx, since))
}

// ReleaseAttempt uncounts a reserved attempt that did not fail.
func (v SignInStore) ReleaseAttempt(ctx context.Context, ids []int64) error {
	if len(ids) == 0 {
		return nil
	}
	return wrap("release sign-in attempt", v.s.q.DeleteSignInFailures(ctx, ids))
}

// InSignInTx runs fn in a transaction, committing when it returns nil.
func (v SignInStore) InSignInTx(ctx context.Context, fn func(signin.Tx) error) error {
	return v.s.inTx(ctx, func(q *db.Queries, pgTx pgx.Tx) error {
		return fn(signInTx{q: q, pgTx: pgTx})
	})
}

type signInTx struct {
	q    *db.Queries
	pgTx pgx.Tx
}

// Audit records in the account's audit log, in this transaction.
func (t signInTx) Audit(ctx context.Context, p principal.Principal, entityType, entityID, action string, changed any) error {
	return audit.Record(ctx, t.pgTx, p, entityType, entityID, action, changed)
}

// LockUserByEmail finds and locks the user of email in any account.
func (t signInTx) LockUserByEmail(ctx context.Context, email string) (signin.Candidate, error) {
	r, err := t.q.GetSignInUser(ctx, email)
	if err != nil {
		return signin.Candidate{}, notFound("lock user by email", err)
	}
	return signin.Candidate{
		ID: r.ID, AccountID: r.AccountID, Email: r.Email, Role: r.Role, Authentication: r.Authentication,
		PasswordHash: r.PasswordHash, Enabled: r.Enabled, AccountEnabled: r.AccountEnabled,
		AccountRequiresMFA: r.AccountMfaRequired,
		MFAState:           signin.MFAState{TOTPSecret: r.TotpSecret, TOTPLastStep: r.TotpLastStep, RecoveryCodes: r.RecoveryCodes},
	}, nil
}

// LockUserMFA reads and locks one user's multi-factor state.
func (t signInTx) LockUserMFA(ctx context.Context, accountID, userID string) (signin.UserMFA, error) {
	r, err := t.q.GetUserMFA(ctx, db.GetUserMFAParams{AccountID: accountID, ID: userID})
	if err != nil {
		return signin.UserMFA{}, notFound("lock user mfa", err)
	}
	return signin.UserMFA{Email: r.Email, MFAState: signin.MFAState{
		TOTPSecret: r.TotpSecret, TOTPPending: r.TotpPending, TOTPLastStep: r.TotpLastStep, RecoveryCodes: r.RecoveryCodes}}, nil
}

// SetTOTPLastStep remembers the step of the code just used.
func (t signInTx) SetTOTPLastStep(ctx context.Context, accountID, userID string, step int64) error {
	return wrap("set totp step", t.q.SetTOTPLastStep(ctx, db.SetTOTPLastStepParams{Step: step, AccountID: accountID, ID: userID}))
}

// SetRecoveryCodes stores the unspent recovery codes' hashes.
func (t signInTx) SetRecoveryCodes(ctx context.Context, accountID, userID string, hashes [][]byte) error {
	return wrap("set recovery codes", t.q.SetRecoveryCodes(ctx, db.SetRecoveryCodesParams{RecoveryCodes: hashes, AccountID: accountID, ID: userID}))
}

// SetTOTPPending keeps a sealed secret until its first code confirms it.
func (t signInTx) SetTOTPPending(ctx context.Context, accountID, userID string, sealed []byte, actor string, at time.Time) error {
	return wrap("set totp pending", t.q.SetTOTPPending(ctx, db.SetTOTPPendingParams{
		TotpPending: sealed, Actor: actor, Now: at, AccountID: accountID, ID: userID}))
}

// ConfirmTOTP turns the pending secret on.
func (t signInTx) ConfirmTOTP(ctx context.Context, accountID, userID string, step int64, hashes [][]byte, actor string, at time.Time) error {
	return wrap("confirm totp", t.q.ConfirmTOTP(ctx, db.ConfirmTOTPParams{
		Step: step, RecoveryCodes: hashes, Actor: actor, Now: at, AccountID: accountID, ID: userID}))
}

// DisableTOTP turns multi-factor codes off.
func (t signInTx) DisableTOTP(ctx context.Context, accountID, userID, actor string, at time.Time) error {
	return wrap("disable totp", t.q.DisableTOTP(ctx, db.DisableTOTPParams{Actor: actor, Now: at, AccountID: accountID, ID: userID}))
}

// PasswordHash reads the user's stored hash.
func (t signInTx) PasswordHash(ctx context.Context, accountID, userID string) (string, error) {
	h, err := t.q.GetPasswordHash(ctx, db.GetPasswordHashParams{AccountID: accountID, ID: userID})
	if err != nil {
		return "", notFound("get password hash", err)
	}
	return h, nil
}

// SetPasswordHash stores a new password's hash.
func (t signInTx) SetPasswordHash(ctx context.Context, accountID, userID, hash, actor string, at time.Time) error {
	return wrap("set password hash", t.q.SetPasswordHash(ctx, db.SetPasswordHashParams{
		PasswordHash: hash, Actor: actor, Now: at, AccountID: accountID, ID: userID}))
}

func wrap(op string, err error) error {
	if err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	return nil
}

// CountOpenPasswordResets counts the user's open reset links.
func (t signInTx) CountOpenPasswordResets(ctx context.Context, accountID, userID string, now time.Time) (int, error) {
	n, err := t.q.CountOpenPasswordResets(ctx, db.CountOpenPasswordResetsParams{AccountID: accountID, UserID: userID, Now: now})
	if err != nil {
		return 0, fmt.Errorf("count password resets: %w", err)
	}
	return int(n), nil
}

// InsertPasswordReset stores a reset link by its token's hash.
func (t signInTx) InsertPasswordReset(ctx context.Context, accountID, userID string, tokenHash []byte, expires time.Time) error {
	return wrap("insert password reset", t.q.InsertPasswordReset(ctx, db.InsertPasswordResetParams{
		TokenHash: tokenHash, AccountID: accountID, UserID: userID, ExpiresTime: expires}))
}

// LockPasswordReset finds and locks an open reset link and its user.
func (t signInTx) LockPasswordReset(ctx context.Context, tokenHash []byte, now time.Time) (signin.ResetTarget, error) {
	r, err := t.q.LockPasswordReset(ctx, db.LockPasswordResetParams{TokenHash: tokenHash, Now: now})
	if err != nil {
		return signin.ResetTarget{}, notFound("lock password reset", err)
	}
	return signin.ResetTarget{AccountID: r.AccountID, UserID: r.UserID, Email: r.Email, Role: r.Role}, nil
}

// UsePasswordResets closes the user's open reset links.
func (t signInTx) UsePasswordResets(ctx context.Context, accountID, userID string, now time.Time) error {
	return wrap("use password resets", t.q.UsePasswordResets(ctx, db.UsePasswordResetsParams{AccountID: accountID, UserID: userID, Now: now}))
}

// SetAccountMFARequired sets the account's multi-factor requirement.
func (t signInTx) SetAccountMFARequired(ctx context.Context, accountID string, required bool, actor string, at time.Time) error {
	return wrap("set account mfa required", t.q.SetAccountMFARequired(ctx, db.SetAccountMFARequiredParams{
		MfaRequired: required, Actor: actor, Now: at, AccountID: accountID}))
}
