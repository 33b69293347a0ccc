package store

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
	"github.com/vidhost/vidhost/services/catalog/internal/events"
	"github.com/vidhost/vidhost/services/catalog/internal/leads"
	"github.com/vidhost/vidhost/services/catalog/internal/store/db"
	"github.com/vidhost/vidhost/services/catalog/internal/streamkeys"
	"github.com/vidhost/vidhost/services/catalog/internal/transcribes"
)

// Store implements catalog.Store over a pool whose search_path is the
// catalog's schema; StreamKeys, Transcribes and Leads return it as the
// stores of the packages carved out of the catalog domain.
type Store struct {
	reader
	pool *pgxpool.Pool
}

var (
	_ catalog.Store     = (*Store)(nil)
	_ streamkeys.Store  = streamKeyStore{}
	_ transcribes.Store = transcribeStore{}
	_ leads.Store       = leadStore{}
)

// New returns a Store using pool.
func New(pool *pgxpool.Pool) *Store {
	return &Store{reader: reader{q: db.New(pool)}, pool: pool}
}

// InTx runs fn in a transaction, committing when it returns nil.
func (s *Store) InTx(ctx context.Context, fn func(catalog.Tx) error) error {
	return s.inTx(ctx, func(t *tx) error { return fn(t) })
}

// inTx runs fn in a transaction, committing when it returns nil. One tx
// implements the Tx of every package; each package's InTx only names it
// with its own interface.
func (s *Store) inTx(ctx context.Context, fn func(*tx) error) error {
	return pgx.BeginFunc(ctx, s.pool, func(pgTx pgx.Tx) error {
		return fn(&tx{writer: writer{q: db.New(pgTx)}, pgTx: pgTx})
	})
}

// reader holds the read queries, run on the pool or in a transaction.
type reader struct{ q *db.Queries }

// writer holds the write queries; it only ever runs in a transaction.
type writer struct{ q *db.Queries }

// tx is the catalog.Tx of one transaction.
type tx struct {
	writer
	pgTx pgx.Tx
}

// Emit encodes e, and its audit entry when a client made the change, and
// adds them to the transaction's outbox: the one place every catalog
// mutation is audited.
func (t *tx) Emit(ctx context.Context, e catalog.Event) error {
	msgs, err := events.Messages(e)
	if err != nil {
		return err
	}
	return outbox.Enqueue(ctx, t.pgTx, msgs...)
}
