package invites

import (
	"context"
	"time"

	"github.com/vidhost/vidhost/pkg/audit"
	"github.com/vidhost/vidhost/pkg/page"
)

// Store keeps invites. Every method that reads an account's rows takes the
// account first and answers apperr.ErrNotFound for rows of other accounts.
type Store interface {
	// ListInvites returns up to req.FetchLimit() invites after req.Cursor
	// in (created_time, id) order.
	ListInvites(ctx context.Context, accountID string, req page.Request) ([]Invite, error)
	GetInvite(ctx context.Context, accountID, id string) (Invite, error)
	// InInviteTx runs fn in one transaction, committed if it returns nil.
	InInviteTx(ctx context.Context, fn func(Tx) error) error
}

// Account is what an invite needs of its account.
type Account struct {
	Name, Plan string
	Enabled    bool
}

// Tx is one transaction over invites and the users they make.
type Tx interface {
	// LockAccount reads the account and locks it, which serialises the
	// account's invites: the user-limit check cannot race.
	LockAccount(ctx context.Context, accountID string) (Account, error)
	// EmailIsUser reports whether any user of any account has email. Only
	// acceptance asks it, for the person accepting: an inviter must never
	// learn another account's users.
	EmailIsUser(ctx context.Context, email string) (bool, error)
	// EmailIsUserOf reports whether a user of the account has email.
	EmailIsUserOf(ctx context.Context, accountID, email string) (bool, error)
	PendingInviteExists(ctx context.Context, accountID, email string, now time.Time) (bool, error)
	// DeleteExpiredInvite removes an expired, unaccepted invite of email.
	DeleteExpiredInvite(ctx context.Context, accountID, email string, now time.Time) error
	// CountSeats is the account's users plus its pending invites that
	// would each add a user.
	CountSeats(ctx context.Context, accountID string, now time.Time) (int, error)
	InsertInvite(ctx context.Context, accountID string, inv Invite, tokenHash []byte) error
	LockInvite(ctx context.Context, accountID, id string) (Invite, error)
	// LockInviteByToken finds the invite whose token hashes to tokenHash,
	// in any account; apperr.ErrNotFound when there is none.
	LockInviteByToken(ctx context.Context, tokenHash []byte) (Invite, error)
	RenewToken(ctx context.Context, accountID string, inv Invite, tokenHash []byte) error
	MarkAccepted(ctx context.Context, accountID, id string, at time.Time) error
	DeleteInvite(ctx context.Context, accountID, id string) error
	// InsertUser adds the user an invite makes, email verified.
	InsertUser(ctx context.Context, accountID string, u NewUser) error
	// CompleteUser sets an existing user's name and password and marks
	// their email verified.
	CompleteUser(ctx context.Context, accountID string, u NewUser) error
	// Inviter is who actorID is, for the email; zero when the account has
	// no such actor (the operator).
	Inviter(ctx context.Context, accountID, actorID string) (Inviter, error)
	// NotifiedEmails are the enabled users of the account whose
	// notifications include event.
	NotifiedEmails(ctx context.Context, accountID, event string) ([]string, error)
	// Emit records e in the transaction's outbox.
	Emit(ctx context.Context, e Event) error
	audit.Recorder
}

// Inviter is who made or resent an invite: a user or an API key.
type Inviter struct {
	KeyName, UserName string
}

// NewUser is the user an accepted invite makes or completes.
type NewUser struct {
	ID, Email, Name, Role, PasswordHash, CreatedBy string
	Time                                           time.Time
}

// EventKind says what happened.
type EventKind int

// The events of invites: user.invited when one is made, user.created or
// user.updated when one is accepted (docs/invites.md).
const (
	UserInvited EventKind = iota + 1
	UserJoined
	UserCompleted
)

// Event announces a committed change.
type Event struct {
	Kind      EventKind
	AccountID string
	ActorID   string
	Time      time.Time
	Invite    Invite
	// UserID is the user made or completed (UserJoined, UserCompleted).
	UserID string
}
