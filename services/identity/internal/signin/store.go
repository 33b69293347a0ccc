package signin

import (
	"context"
	"time"

	"github.com/vidhost/vidhost/pkg/audit"
)

// Store keeps what sign-in reads and writes.
type Store interface {
	// ReserveAttempt counts one attempt at time at against each subject,
	// before the attempt is checked, unless a subject already has Max
	// attempts after since: then it counts nothing and answers false. The
	// check and the count are one step for every replica (a lock per
	// subject), so concurrent attempts cannot all see room for one more.
	// The ids name what was counted, for ReleaseAttempt.
	ReserveAttempt(ctx context.Context, subjects []Subject, at, since time.Time) (ids []int64, ok bool, err error)
	// ReleaseAttempt uncounts a reserved attempt that did not fail.
	ReleaseAttempt(ctx context.Context, ids []int64) error
	// InSignInTx runs fn in one transaction, committed if it returns nil.
	InSignInTx(ctx context.Context, fn func(Tx) error) error
}

// Tx is one transaction of sign-in.
type Tx interface {
	// LockUserByEmail finds and locks the user of email in any account;
	// apperr.ErrNotFound when there is none.
	LockUserByEmail(ctx context.Context, email string) (Candidate, error)
	// LockUserMFA reads and locks one user's multi-factor state.
	LockUserMFA(ctx context.Context, accountID, userID string) (UserMFA, error)
	SetTOTPLastStep(ctx context.Context, accountID, userID string, step int64) error
	SetRecoveryCodes(ctx context.Context, accountID, userID string, hashes [][]byte) error
	SetTOTPPending(ctx context.Context, accountID, userID string, sealed []byte, actor string, at time.Time) error
	// ConfirmTOTP makes the pending secret the user's, with step used and
	// the recovery codes' hashes, and sets mfa_required.
	ConfirmTOTP(ctx context.Context, accountID, userID string, step int64, hashes [][]byte, actor string, at time.Time) error
	DisableTOTP(ctx context.Context, accountID, userID, actor string, at time.Time) error
	PasswordHash(ctx context.Context, accountID, userID string) (string, error)
	SetPasswordHash(ctx context.Context, accountID, userID, hash, actor string, at time.Time) error
	// CountOpenPasswordResets is how many reset links of the user are
	// neither used nor expired at now.
	CountOpenPasswordResets(ctx context.Context, accountID, userID string, now time.Time) (int, error)
	InsertPasswordReset(ctx context.Context, accountID, userID string, tokenHash []byte, expires time.Time) error
	// LockPasswordReset finds the open link of tokenHash of an enabled
	// password user; apperr.ErrNotFound otherwise.
	LockPasswordReset(ctx context.Context, tokenHash []byte, now time.Time) (ResetTarget, error)
	SetAccountMFARequired(ctx context.Context, accountID string, required bool, actor string, at time.Time) error
	// UsePasswordResets closes every open link of the user.
	UsePasswordResets(ctx context.Context, accountID, userID string, now time.Time) error
	audit.Recorder
}

// Subject is what failed attempts are counted against ("email:<address>",
// "ip:<address>"), with how many the window allows.
type Subject struct {
	Key string
	Max int
}

// ResetTarget is the user a password reset link is for.
type ResetTarget struct {
	AccountID, UserID, Email, Role string
}

// Candidate is the user an email names, with what sign-in checks.
type Candidate struct {
	ID, AccountID, Email, Role, Authentication, PasswordHash string
	Enabled, AccountEnabled                                  bool
	// AccountRequiresMFA is the owner's switch for the whole account.
	AccountRequiresMFA bool
	MFAState
}

// MFAState is a user's multi-factor state: the sealed TOTP secret (nil
// when not enrolled), one waiting for confirmation, the last step used and
// the unspent recovery codes' hashes.
type MFAState struct {
	TOTPSecret, TOTPPending []byte
	TOTPLastStep            int64
	RecoveryCodes           [][]byte
}

// UserMFA is a user's multi-factor state with their email, which names
// them in authenticator apps.
type UserMFA struct {
	Email string
	MFAState
}
