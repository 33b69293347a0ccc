package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/services/identity/internal/keys"
	"github.com/vidhost/vidhost/services/identity/internal/store/db"
)

var _ keys.Store = (*Store)(nil)

// CreateKey stores k with the hash of its secret and enqueues ev.
func (s *Store) CreateKey(ctx context.Context, accountID string, k keys.Key, secretHash []byte, ev keys.Event) error {
	err := s.inTx(ctx, func(q *db.Queries, tx pgx.Tx) error {
		if err := q.InsertKey(ctx, insertKeyParams(accountID, k, secretHash)); err != nil {
			return err
		}
		return enqueueKeyEvent(ctx, tx, ev)
	})
	if err != nil {
		return fmt.Errorf("create key: %w", err)
	}
	return nil
}

func insertKeyParams(accountID string, k keys.Key, secretHash []byte) db.InsertKeyParams {
	return db.InsertKeyParams{
		ID: k.ID, AccountID: accountID, Name: k.Name, Permissions: k.Permissions, Ips: k.IPs,
		SecretHash: secretHash, CreatedBy: k.CreatedBy, CreatedTime: k.CreatedTime,
		UpdatedBy: k.UpdatedBy, UpdatedTime: k.UpdatedTime,
	}
}

// ListKeys returns up to req.FetchLimit() keys after req's cursor.
func (s *Store) ListKeys(ctx context.Context, accountID string, req page.Request) ([]keys.Key, error) {
	rows, err := s.q.ListKeys(ctx, db.ListKeysParams{
		AccountID: accountID, AfterTime: req.Cursor.Time, AfterID: req.Cursor.ID, MaxRows: req.FetchLimit(),
	})
	if err != nil {
		return nil, fmt.Errorf("list keys: %w", err)
	}
	out := make([]keys.Key, len(rows))
	for i, r := range rows {
		out[i] = keyFromRow(db.GetKeyRow(r))
	}
	return out, nil
}

// GetKey returns one key of the account.
func (s *Store) GetKey(ctx context.Context, accountID, id string) (keys.Key, error) {
	row, err := s.q.GetKey(ctx, db.GetKeyParams{AccountID: accountID, ID: id})
	if err != nil {
		return keys.Key{}, notFound("get key", err)
	}
	return keyFromRow(row), nil
}

// UpdateKey locks the key, applies change, stores it and enqueues ev.
func (s *Store) UpdateKey(ctx context.Context, accountID, id string, change func(*keys.Key) error, ev keys.Event) (keys.Key, error) {
	var k keys.Key
	err := s.inTx(ctx, func(q *db.Queries, tx pgx.Tx) error {
		row, err := q.LockKey(ctx, db.LockKeyParams{AccountID: accountID, ID: id})
		if err != nil {
			return err
		}
		k = keyFromRow(db.GetKeyRow(row))
		if err := change(&k); err != nil {
			return err
		}
		if err := q.UpdateKey(ctx, db.UpdateKeyParams{
			AccountID: accountID, ID: id, Name: k.Name, Permissions: k.Permissions, Ips: k.IPs,
			UpdatedBy: k.UpdatedBy, UpdatedTime: k.UpdatedTime,
		}); err != nil {
			return err
		}
		return enqueueKeyEvent(ctx, tx, ev)
	})
	if err != nil {
		return keys.Key{}, notFound("update key", err)
	}
	return k, nil
}

// DeleteKey removes one key of the account and enqueues ev.
func (s *Store) DeleteKey(ctx context.Context, accountID, id string, ev keys.Event) error {
	err := s.inTx(ctx, func(q *db.Queries, tx pgx.Tx) error {
		n, err := q.DeleteKey(ctx, db.DeleteKeyParams{AccountID: accountID, ID: id})
		if err != nil {
			return err
		}
		if n == 0 {
			return apperr.ErrNotFound
		}
		return enqueueKeyEvent(ctx, tx, ev)
	})
	if err != nil {
		return fmt.Errorf("delete key: %w", err)
	}
	return nil
}

// Authenticate finds the key whose secret has secretHash, with its account's
// live flag.
func (s *Store) Authenticate(ctx context.Context, secretHash []byte) (keys.Credential, error) {
	row, err := s.q.KeyBySecretHash(ctx, secretHash)
	if err != nil {
		return keys.Credential{}, notFound("authenticate", err)
	}
	return keys.Credential{
		Key: keyFromRow(db.GetKeyRow{
			ID: row.ID, AccountID: row.AccountID, Name: row.Name, Permissions: row.Permissions, Ips: row.Ips,
			CreatedBy: row.CreatedBy, CreatedTime: row.CreatedTime, UpdatedBy: row.UpdatedBy, UpdatedTime: row.UpdatedTime,
		}),
		LiveEnabled: row.LiveEnabled,
	}, nil
}

func keyFromRow(r db.GetKeyRow) keys.Key {
	return keys.Key{
		ID: r.ID, AccountID: r.AccountID, Name: r.Name, Permissions: r.Permissions, IPs: r.Ips,
		CreatedBy: r.CreatedBy, CreatedTime: r.CreatedTime.UTC(), UpdatedBy: r.UpdatedBy, UpdatedTime: r.UpdatedTime.UTC(),
	}
}

// notFound turns "no rows" into apperr.ErrNotFound and wraps other errors.
func notFound(op string, err error) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return apperr.ErrNotFound
	}
	return fmt.Errorf("%s: %w", op, err)
}
