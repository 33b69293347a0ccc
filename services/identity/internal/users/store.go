package users

import (
	"context"
	"time"

	"github.com/vidhost/vidhost/pkg/audit"
	"github.com/vidhost/vidhost/pkg/page"
)

// Store keeps users. Every method takes the account first and answers
// apperr.ErrNotFound for users of other accounts.
type Store interface {
	// ListUsers returns up to req.FetchLimit() users after req.Cursor in
	// (created_time, id) order.
	ListUsers(ctx context.Context, accountID string, req page.Request) ([]User, error)
	GetUser(ctx context.Context, accountID, id string) (User, error)
	// InTx runs fn in one transaction: a change and its event stand or fall together.
	InTx(ctx context.Context, fn func(Tx) error) error
}

// Tx changes users inside a transaction.
type Tx interface {
	// LockUser reads a user and locks it until the transaction ends.
	LockUser(ctx context.Context, accountID, id string) (User, error)
	// LockEnabledOwners locks and returns the ids of the account's enabled owners.
	LockEnabledOwners(ctx context.Context, accountID string) ([]string, error)
	UpdateUser(ctx context.Context, accountID string, u User) error
	DeleteUser(ctx context.Context, accountID, id string) error
	// Emit records e in the transaction's outbox.
	Emit(ctx context.Context, e Event) error
	// Audit records the change in the account's audit log.
	audit.Recorder
}

// EventKind says what happened to a user.
type EventKind int

// The kinds of change a user announces (user.updated, user.deleted).
const (
	UserUpdated EventKind = iota + 1
	UserDeleted
)

// Event announces a committed change to User (its last state for a deletion).
type Event struct {
	Kind      EventKind
	AccountID string
	ActorID   string
	Time      time.Time
	User      User
}
