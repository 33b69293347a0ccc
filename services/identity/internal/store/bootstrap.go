package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/vidhost/vidhost/services/identity/internal/bootstrap"
	"github.com/vidhost/vidhost/services/identity/internal/store/db"
)

var _ bootstrap.Store = (*Store)(nil)

// errAlreadyBootstrapped rolls back a transaction that lost the race.
var errAlreadyBootstrapped = errors.New("already bootstrapped")

// Bootstrapped returns the owner recorded by an earlier bootstrap.
func (s *Store) Bootstrapped(ctx context.Context) (bootstrap.Existing, bool, error) {
	row, err := s.q.GetBootstrap(ctx)
	if errors.Is(err, pgx.ErrNoRows) {
		return bootstrap.Existing{}, false, nil
	}
	if err != nil {
		return bootstrap.Existing{}, false, fmt.Errorf("read bootstrap: %w", err)
	}
	return bootstrap.Existing{AccountID: row.AccountID, UserID: row.UserID, Email: row.Email}, true, nil
}

// Bootstrap claims the singleton bootstrap row first: a concurrent claim
// waits on it, so exactly one transaction inserts an owner.
func (s *Store) Bootstrap(ctx context.Context, plan bootstrap.Plan) (bootstrap.Existing, bool, error) {
	err := s.inTx(ctx, func(q *db.Queries, tx pgx.Tx) error {
		n, err := q.ClaimBootstrap(ctx, db.ClaimBootstrapParams{AccountID: plan.AccountID, UserID: plan.UserID})
		if err != nil {
			return err
		}
		if n == 0 {
			return errAlreadyBootstrapped
		}
		return insertOwner(ctx, q, tx, plan)
	})
	if errors.Is(err, errAlreadyBootstrapped) {
		existing, _, err := s.Bootstrapped(ctx)
		return existing, false, err
	}
	if err != nil {
		return bootstrap.Existing{}, false, fmt.Errorf("bootstrap: %w", err)
	}
	return bootstrap.Existing{AccountID: plan.AccountID, UserID: plan.UserID, Email: plan.Email}, true, nil
}

func insertOwner(ctx context.Context, q *db.Queries, tx pgx.Tx, plan bootstrap.Plan) error {
	if err := q.InsertAccount(ctx, db.InsertAccountParams{
		ID: plan.AccountID, Name: bootstrap.AccountName, CreatedTime: plan.Time,
	}); err != nil {
		return err
	}
	if err := q.InsertUser(ctx, db.InsertUserParams{
		ID: plan.UserID, AccountID: plan.AccountID, Email: plan.Email, Name: "Owner", Role: "owner",
		PasswordHash: plan.PasswordHash, CreatedTime: plan.Time,
	}); err != nil {
		return err
	}
	if err := q.InsertKey(ctx, insertKeyParams(plan.AccountID, plan.Key, plan.KeyHash)); err != nil {
		return err
	}
	return emit(ctx, tx, plan.KeyEvent)
}
