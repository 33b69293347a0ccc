package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/vidhost/vidhost/pkg/audit"
	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/pkg/plans"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/identity/internal/events"
	"github.com/vidhost/vidhost/services/identity/internal/keys"
	"github.com/vidhost/vidhost/services/identity/internal/store/db"
)

// Store is identity's database.
type Store struct {
	pool *pgxpool.Pool
	q    *db.Queries
}

// New returns a Store over pool, whose search_path is identity's schema.
func New(pool *pgxpool.Pool) *Store {
	return &Store{pool: pool, q: db.New(pool)}
}

// inTx runs fn in a transaction, committed if fn returns nil.
func (s *Store) inTx(ctx context.Context, fn func(q *db.Queries, tx pgx.Tx) error) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		return fn(s.q.WithTx(tx), tx)
	})
}

// InTx runs fn in a transaction, committing when it returns nil.
func (s *Store) InTx(ctx context.Context, fn func(keys.Tx) error) error {
	return s.inTx(ctx, func(q *db.Queries, pgTx pgx.Tx) error {
		return fn(&tx{q: q, pgTx: pgTx})
	})
}

// tx is the keys.Tx of one transaction.
type tx struct {
	q    *db.Queries
	pgTx pgx.Tx
}

// Emit adds e to the transaction's outbox; the events package picks its
// subject and encoding.
func (t *tx) Emit(ctx context.Context, e keys.Event) error {
	msg, err := events.KeyMessage(e)
	if err != nil {
		return err
	}
	return outbox.Enqueue(ctx, t.pgTx, msg)
}

// Audit records a change in the account's audit log, in this transaction
// (audit.Recorder): the hook every identity mutation calls.
func (t *tx) Audit(ctx context.Context, p principal.Principal, entityType, entityID, action string, changed any) error {
	return audit.Record(ctx, t.pgTx, p, entityType, entityID, action, changed)
}

// CreateAccount adds an account on the free plan. Accounts are made by
// the bootstrap for now; tests use this for a second tenant.
func (s *Store) CreateAccount(ctx context.Context, id, name, actorID string, at time.Time) error {
	err := s.q.InsertAccount(ctx, db.InsertAccountParams{ID: id, Name: name, Plan: plans.Free, CreatedBy: actorID, CreatedTime: at})
	if err != nil {
		return fmt.Errorf("insert account: %w", err)
	}
	return nil
}
