package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/vidhost/vidhost/pkg/apperr"
	auditlog "github.com/vidhost/vidhost/pkg/audit"
	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/upload/internal/events"
	"github.com/vidhost/vidhost/services/upload/internal/store/db"
	"github.com/vidhost/vidhost/services/upload/internal/upload"
)

// Store implements upload.Store over a pool whose search_path is the
// upload service's schema.
type Store struct {
	reader
	pool *pgxpool.Pool
}

var _ upload.Store = (*Store)(nil)

// New returns a Store using pool.
func New(pool *pgxpool.Pool) *Store {
	return &Store{reader: reader{q: db.New(pool)}, pool: pool}
}

// InTx runs fn in a transaction, committing when it returns nil.
func (s *Store) InTx(ctx context.Context, fn func(upload.Tx) error) error {
	return pgx.BeginFunc(ctx, s.pool, func(pgTx pgx.Tx) error {
		return fn(&tx{q: db.New(pgTx), pgTx: pgTx})
	})
}

// reader holds the read queries.
type reader struct{ q *db.Queries }

// tx is the upload.Tx of one transaction.
type tx struct {
	q    *db.Queries
	pgTx pgx.Tx
}

// Audit records a change in the account's audit log, in this transaction.
func (t *tx) Audit(ctx context.Context, p principal.Principal, entityType, entityID, action string, changed any) error {
	return auditlog.Record(ctx, t.pgTx, p, entityType, entityID, action, changed)
}

// Emit encodes e and adds it to the transaction's outbox.
func (t *tx) Emit(ctx context.Context, e upload.Event) error {
	msg, err := events.Message(e)
	if err != nil {
		return err
	}
	return outbox.Enqueue(ctx, t.pgTx, msg)
}

// mapError turns "no row" into apperr.ErrNotFound and wraps the rest with
// what was being done.
func mapError(err error, doing string) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, pgx.ErrNoRows):
		return apperr.ErrNotFound
	}
	return fmt.Errorf("store: %s: %w", doing, err)
}
