package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/pg"
	"github.com/vidhost/vidhost/services/identity/internal/accounts"
	"github.com/vidhost/vidhost/services/identity/internal/events"
	"github.com/vidhost/vidhost/services/identity/internal/keys"
	"github.com/vidhost/vidhost/services/identity/internal/store/db"
)

// InAccountTx runs fn in a transaction, committing when it returns nil.
func (s *Store) InAccountTx(ctx context.Context, fn func(accounts.Tx) error) error {
	return s.inTx(ctx, func(q *db.Queries, pgTx pgx.Tx) error {
		return fn(&tx{q: q, pgTx: pgTx})
	})
}

// ListAccounts returns a page of every account, oldest first.
func (s *Store) ListAccounts(ctx context.Context, req page.Request) ([]accounts.Account, error) {
	rows, err := s.q.ListAccounts(ctx, db.ListAccountsParams{
		AfterTime: req.Cursor.Time, AfterID: req.Cursor.ID, MaxRows: req.FetchLimit(),
	})
	if err != nil {
		return nil, fmt.Errorf("list accounts: %w", err)
	}
	out := make([]accounts.Account, len(rows))
	for i, r := range rows {
		out[i] = accountFromRow(db.LockAccountRow(r))
	}
	return out, nil
}

// InsertAccount adds a.
func (t *tx) InsertAccount(ctx context.Context, a accounts.Account, actor string) error {
	err := t.q.InsertPlannedAccount(ctx, db.InsertPlannedAccountParams{
		ID: a.ID, Name: a.Name, Plan: a.Plan, CreatedBy: actor, CreatedTime: a.CreatedTime,
	})
	if err != nil {
		return fmt.Errorf("insert account: %w", err)
	}
	return nil
}

// InsertOwner adds an account's owner without a password; an email any
// user already has is a conflict (emails are unique across accounts).
func (t *tx) InsertOwner(ctx context.Context, accountID, userID, email, actor string, at time.Time) error {
	err := t.q.InsertInvitedOwner(ctx, db.InsertInvitedOwnerParams{
		ID: userID, AccountID: accountID, Email: email, CreatedBy: actor, CreatedTime: at,
	})
	if pg.IsUniqueViolation(err) {
		return &apperr.Conflict{Reason: "owner_email is already a user's email"}
	}
	if err != nil {
		return fmt.Errorf("insert owner: %w", err)
	}
	return nil
}

// LockAccount reads an account and locks its row until the transaction ends.
func (t *tx) LockAccount(ctx context.Context, id string) (accounts.Account, error) {
	row, err := t.q.LockAccount(ctx, id)
	if err != nil {
		return accounts.Account{}, notFound("lock account", err)
	}
	return accountFromRow(row), nil
}

// UpdateAccount stores a's plan and enabled flag.
func (t *tx) UpdateAccount(ctx context.Context, a accounts.Account, actor string) error {
	err := t.q.UpdateAccount(ctx, db.UpdateAccountParams{
		ID: a.ID, Plan: a.Plan, Enabled: a.Enabled, UpdatedBy: actor, UpdatedTime: a.UpdatedTime,
	})
	if err != nil {
		return fmt.Errorf("update account: %w", err)
	}
	return nil
}

// AnnounceAccount adds account.updated to the transaction's outbox.
func (t *tx) AnnounceAccount(ctx context.Context, a accounts.Account, actor string) error {
	msg, err := events.AccountMessage(a.ID, actor, a.Plan, a.Enabled, a.UpdatedTime)
	if err != nil {
		return err
	}
	return outbox.Enqueue(ctx, t.pgTx, msg)
}

// AccountKeys returns every key of the account.
func (t *tx) AccountKeys(ctx context.Context, accountID string) ([]keys.Key, error) {
	rows, err := t.q.ListAccountKeys(ctx, accountID)
	if err != nil {
		return nil, fmt.Errorf("account keys: %w", err)
	}
	out := make([]keys.Key, len(rows))
	for i, r := range rows {
		out[i] = keyFromRow(db.GetKeyRow(r))
	}
	return out, nil
}

func accountFromRow(r db.LockAccountRow) accounts.Account {
	return accounts.Account{
		ID: r.ID, Name: r.Name, Plan: r.Plan, Enabled: r.Enabled,
		CreatedTime: r.CreatedTime.UTC(), UpdatedTime: r.UpdatedTime.UTC(),
	}
}

// AccountSummary reads the account with the seats it uses at now.
func (s *Store) AccountSummary(ctx context.Context, accountID string, now time.Time) (accounts.Summary, error) {
	row, err := s.q.AccountSummary(ctx, db.AccountSummaryParams{AccountID: accountID, Now: now})
	if err != nil {
		return accounts.Summary{}, notFound("account summary", err)
	}
	return accounts.Summary{
		ID: row.ID, Name: row.Name, Plan: row.Plan, MfaRequired: row.MfaRequired, CreatedTime: row.CreatedTime.UTC(),
		Users: int(row.Users), PendingInvites: int(row.PendingInvites),
	}, nil
}
