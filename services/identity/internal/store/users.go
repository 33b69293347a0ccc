package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/audit"
	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/identity/internal/events"
	"github.com/vidhost/vidhost/services/identity/internal/store/db"
	"github.com/vidhost/vidhost/services/identity/internal/users"
)

var (
	_ users.Store = UserStore{}
	_ users.Tx    = userTx{}
)

// UserStore is the users.Store of identity's database (Store's own InTx
// serves keys, so users get this view).
type UserStore struct{ s *Store }

// Users returns the users view of s.
func (s *Store) Users() UserStore { return UserStore{s: s} }

// ListUsers returns up to req.FetchLimit() users after req's cursor.
func (u UserStore) ListUsers(ctx context.Context, accountID string, req page.Request) ([]users.User, error) {
	rows, err := u.s.q.ListUsers(ctx, db.ListUsersParams{
		AccountID: accountID, AfterTime: req.Cursor.Time, AfterID: req.Cursor.ID, MaxRows: req.FetchLimit(),
	})
	if err != nil {
		return nil, fmt.Errorf("list users: %w", err)
	}
	out := make([]users.User, len(rows))
	for i, r := range rows {
		out[i] = userFromRow(db.GetUserRow(r))
	}
	return out, nil
}

// GetUser returns one user of the account.
func (u UserStore) GetUser(ctx context.Context, accountID, id string) (users.User, error) {
	row, err := u.s.q.GetUser(ctx, db.GetUserParams{AccountID: accountID, ID: id})
	if err != nil {
		return users.User{}, notFound("get user", err)
	}
	return userFromRow(row), nil
}

// InTx runs fn in a transaction, committing when it returns nil.
func (u UserStore) InTx(ctx context.Context, fn func(users.Tx) error) error {
	err := u.s.inTx(ctx, func(q *db.Queries, pgTx pgx.Tx) error {
		return fn(userTx{q: q, pgTx: pgTx})
	})
	// The devstack's bootstrap row points at the first owner (checked at
	// commit), so that user cannot be deleted until accounts replace it.
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23503" {
		return &apperr.Conflict{Reason: "the account's first owner cannot be deleted yet; disable the user instead"}
	}
	return err
}

type userTx struct {
	q    *db.Queries
	pgTx pgx.Tx
}

// LockUser reads one user of the account and locks its row.
func (t userTx) LockUser(ctx context.Context, accountID, id string) (users.User, error) {
	row, err := t.q.LockUser(ctx, db.LockUserParams{AccountID: accountID, ID: id})
	if err != nil {
		return users.User{}, notFound("lock user", err)
	}
	return userFromRow(db.GetUserRow(row)), nil
}

// LockEnabledOwners locks the account's enabled owners.
func (t userTx) LockEnabledOwners(ctx context.Context, accountID string) ([]string, error) {
	ids, err := t.q.LockEnabledOwners(ctx, accountID)
	if err != nil {
		return nil, fmt.Errorf("lock owners: %w", err)
	}
	return ids, nil
}

// UpdateUser stores u's editable and audit fields.
func (t userTx) UpdateUser(ctx context.Context, accountID string, u users.User) error {
	err := t.q.UpdateUser(ctx, db.UpdateUserParams{
		AccountID: accountID, ID: u.ID, Name: u.Name, Role: u.Role, Notifications: u.Notifications,
		Enabled: u.Enabled, UpdatedBy: u.UpdatedBy, UpdatedTime: u.UpdatedTime,
	})
	if err != nil {
		return fmt.Errorf("update user: %w", err)
	}
	return nil
}

// DeleteUser removes one user of the account.
func (t userTx) DeleteUser(ctx context.Context, accountID, id string) error {
	n, err := t.q.DeleteUser(ctx, db.DeleteUserParams{AccountID: accountID, ID: id})
	if err != nil {
		return fmt.Errorf("delete user: %w", err)
	}
	if n == 0 {
		return apperr.ErrNotFound
	}
	return nil
}

// Audit records a change in the account's audit log, in this transaction.
func (t userTx) Audit(ctx context.Context, p principal.Principal, entityType, entityID, action string, changed any) error {
	return audit.Record(ctx, t.pgTx, p, entityType, entityID, action, changed)
}

// Emit adds e to the transaction's outbox.
func (t userTx) Emit(ctx context.Context, e users.Event) error {
	msg, err := events.UserMessage(e)
	if err != nil {
		return err
	}
	return outbox.Enqueue(ctx, t.pgTx, msg)
}

func userFromRow(r db.GetUserRow) users.User {
	return users.User{
		ID: r.ID, AccountID: r.AccountID, Email: r.Email, Name: r.Name, Role: r.Role,
		Authentication: r.Authentication, Notifications: r.Notifications, Enabled: r.Enabled,
		MFARequired: r.MfaRequired, VerifiedEmail: r.VerifiedEmail,
		CreatedBy: r.CreatedBy, CreatedTime: r.CreatedTime.UTC(), UpdatedBy: r.UpdatedBy, UpdatedTime: r.UpdatedTime.UTC(),
	}
}
