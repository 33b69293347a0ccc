package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/vidhost/vidhost/pkg/plans"
	"github.com/vidhost/vidhost/services/identity/internal/bootstrap"
	"github.com/vidhost/vidhost/services/identity/internal/keys"
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
func (s *Store) Bootstrap(ctx context.Context, plan bootstrap.Plan, firstKey func(keys.Tx) error) (bootstrap.Existing, bool, error) {
	err := s.inTx(ctx, func(q *db.Queries, pgTx pgx.Tx) error {
		n, err := q.ClaimBootstrap(ctx, db.ClaimBootstrapParams{AccountID: plan.AccountID, UserID: plan.UserID})
		if err != nil {
			return err
		}
		if n == 0 {
			return errAlreadyBootstrapped
		}
		if err := insertOwner(ctx, q, plan); err != nil {
			return err
		}
		return firstKey(&tx{q: q, pgTx: pgTx})
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

// insertOwner inserts the account and its owner; the domain adds the
// owner's first key through the transaction's keys.Tx.
func insertOwner(ctx context.Context, q *db.Queries, plan bootstrap.Plan) error {
	if err := q.InsertAccount(ctx, db.InsertAccountParams{
		ID: plan.AccountID, Name: bootstrap.AccountName, Plan: plans.Enterprise, CreatedTime: plan.Time,
	}); err != nil {
		return err
	}
	return q.InsertUser(ctx, db.InsertUserParams{
		ID: plan.UserID, AccountID: plan.AccountID, Email: plan.Email, Name: "Owner", Role: "owner",
		PasswordHash: plan.PasswordHash, CreatedTime: plan.Time,
	})
}
