package store

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/services/identity/internal/jwtkeys"
	"github.com/vidhost/vidhost/services/identity/internal/store/db"
)

var (
	_ jwtkeys.Store = (*Store)(nil)
	_ jwtkeys.Tx    = (*tx)(nil)
)

// InJwtKeyTx runs fn in a transaction, committing when it returns nil.
func (s *Store) InJwtKeyTx(ctx context.Context, fn func(jwtkeys.Tx) error) error {
	return s.inTx(ctx, func(q *db.Queries, pgTx pgx.Tx) error {
		return fn(&tx{q: q, pgTx: pgTx})
	})
}

// InsertJwtKey stores k. No event goes out: nothing else caches JWT keys
// for longer than the edge's few seconds.
func (t *tx) InsertJwtKey(ctx context.Context, accountID string, k jwtkeys.Key) error {
	err := t.q.InsertJwtKey(ctx, db.InsertJwtKeyParams{
		ID: k.ID, AccountID: accountID, Name: k.Name, PublicKey: k.PublicKey, Algorithm: k.Algorithm,
		CreatedBy: k.CreatedBy, CreatedTime: k.CreatedTime, UpdatedBy: k.UpdatedBy, UpdatedTime: k.UpdatedTime,
	})
	if err != nil {
		return fmt.Errorf("create jwt key: %w", err)
	}
	return nil
}

// ListJwtKeys returns up to req.FetchLimit() keys after req's cursor.
func (s *Store) ListJwtKeys(ctx context.Context, accountID string, req page.Request) ([]jwtkeys.Key, error) {
	rows, err := s.q.ListJwtKeys(ctx, db.ListJwtKeysParams{
		AccountID: accountID, AfterTime: req.Cursor.Time, AfterID: req.Cursor.ID, MaxRows: req.FetchLimit(),
	})
	if err != nil {
		return nil, fmt.Errorf("list jwt keys: %w", err)
	}
	out := make([]jwtkeys.Key, len(rows))
	for i, r := range rows {
		out[i] = jwtKeyFromRow(r)
	}
	return out, nil
}

// GetJwtKey returns one key of the account.
func (s *Store) GetJwtKey(ctx context.Context, accountID, id string) (jwtkeys.Key, error) {
	row, err := s.q.GetJwtKey(ctx, db.GetJwtKeyParams{AccountID: accountID, ID: id})
	if err != nil {
		return jwtkeys.Key{}, notFound("get jwt key", err)
	}
	return jwtKeyFromRow(row), nil
}

// DeleteJwtKey removes one key of the account.
func (t *tx) DeleteJwtKey(ctx context.Context, accountID, id string) error {
	n, err := t.q.DeleteJwtKey(ctx, db.DeleteJwtKeyParams{AccountID: accountID, ID: id})
	if err != nil {
		return fmt.Errorf("delete jwt key: %w", err)
	}
	if n == 0 {
		return apperr.ErrNotFound
	}
	return nil
}

func jwtKeyFromRow(r db.JwtKey) jwtkeys.Key {
	return jwtkeys.Key{
		ID: r.ID, AccountID: r.AccountID, Name: r.Name, PublicKey: r.PublicKey, Algorithm: r.Algorithm,
		CreatedBy: r.CreatedBy, CreatedTime: r.CreatedTime.UTC(), UpdatedBy: r.UpdatedBy, UpdatedTime: r.UpdatedTime.UTC(),
	}
}
