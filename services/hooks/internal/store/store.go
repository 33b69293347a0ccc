package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/pkg/secrets"
	"github.com/vidhost/vidhost/services/hooks/internal/events"
	"github.com/vidhost/vidhost/services/hooks/internal/hooks"
	"github.com/vidhost/vidhost/services/hooks/internal/store/db"
)

// Store implements hooks.Store over a pool whose search_path is the hooks
// service's schema.
type Store struct {
	reader
	pool *pgxpool.Pool
	box  secrets.Box
}

var _ hooks.Store = (*Store)(nil)

// New returns a Store using pool that seals credentials with box.
func New(pool *pgxpool.Pool, box secrets.Box) *Store {
	return &Store{reader: reader{q: db.New(pool)}, pool: pool, box: box}
}

// InTx runs fn in a transaction, committing when it returns nil.
func (s *Store) InTx(ctx context.Context, fn func(hooks.Tx) error) error {
	return pgx.BeginFunc(ctx, s.pool, func(pgTx pgx.Tx) error {
		return fn(&tx{q: db.New(pgTx), pgTx: pgTx, box: s.box})
	})
}

// reader holds the read queries.
type reader struct{ q *db.Queries }

// tx is the hooks.Tx of one transaction.
type tx struct {
	q    *db.Queries
	pgTx pgx.Tx
	box  secrets.Box
}

// Emit encodes e, its event and its audit entry, and adds them to the
// transaction's outbox.
func (t *tx) Emit(ctx context.Context, e hooks.Event) error {
	msgs, err := events.Messages(e)
	if err != nil {
		return err
	}
	return outbox.Enqueue(ctx, t.pgTx, msgs...)
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

// mapRows converts generated rows to domain values.
func mapRows[R, T any](rows []R, convert func(R) T) []T {
	out := make([]T, len(rows))
	for i, row := range rows {
		out[i] = convert(row)
	}
	return out
}
