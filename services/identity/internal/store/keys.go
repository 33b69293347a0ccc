package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/plans"
	"github.com/vidhost/vidhost/services/identity/internal/keys"
	"github.com/vidhost/vidhost/services/identity/internal/store/db"
)

var (
	_ keys.Store = (*Store)(nil)
	_ keys.Tx    = (*tx)(nil)
)

// InsertKey stores k with the hash of its secret.
func (t *tx) InsertKey(ctx context.Context, accountID string, k keys.Key, secretHash []byte) error {
	if err := t.q.InsertKey(ctx, insertKeyParams(accountID, k, secretHash)); err != nil {
		return fmt.Errorf("insert key: %w", err)
	}
	return nil
}

func insertKeyParams(accountID string, k keys.Key, secretHash []byte) db.InsertKeyParams {
	return db.InsertKeyParams{
		ID: k.ID, AccountID: accountID, Name: k.Name, Permissions: k.Permissions, Ips: k.IPs,
		Role: k.Role, UserID: pgtype.Text{String: k.UserID, Valid: k.UserID != ""}, SecretHash: secretHash, CreatedBy: k.CreatedBy, CreatedTime: k.CreatedTime,
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

// LockKey reads one key of the account and locks its row until the
// transaction ends.
func (t *tx) LockKey(ctx context.Context, accountID, id string) (keys.Key, error) {
	row, err := t.q.LockKey(ctx, db.LockKeyParams{AccountID: accountID, ID: id})
	if err != nil {
		return keys.Key{}, notFound("lock key", err)
	}
	return keyFromRow(db.GetKeyRow(row)), nil
}

// UpdateKey stores k's editable fields and audit fields.
func (t *tx) UpdateKey(ctx context.Context, accountID string, k keys.Key) error {
	err := t.q.UpdateKey(ctx, db.UpdateKeyParams{
		AccountID: accountID, ID: k.ID, Name: k.Name, Permissions: k.Permissions, Ips: k.IPs, Role: k.Role,
		UpdatedBy: k.UpdatedBy, UpdatedTime: k.UpdatedTime,
	})
	if err != nil {
		return fmt.Errorf("update key: %w", err)
	}
	return nil
}

// DeleteKey removes one key of the account.
func (t *tx) DeleteKey(ctx context.Context, accountID, id string) error {
	n, err := t.q.DeleteKey(ctx, db.DeleteKeyParams{AccountID: accountID, ID: id})
	if err != nil {
		return fmt.Errorf("delete key: %w", err)
	}
	if n == 0 {
		return apperr.ErrNotFound
	}
	return nil
}

// Authenticate finds the key whose secret has secretHash, with what its
// account's plan includes and its person's current role; a disabled
// person's keys are not found.
func (s *Store) Authenticate(ctx context.Context, secretHash []byte) (keys.Credential, error) {
	row, err := s.q.KeyBySecretHash(ctx, secretHash)
	if err != nil {
		return keys.Credential{}, notFound("authenticate", err)
	}
	return keys.Credential{
		Key: keyFromRow(db.GetKeyRow{
			ID: row.ID, AccountID: row.AccountID, Name: row.Name, Permissions: row.Permissions, Ips: row.Ips,
			Role: row.Role, UserID: row.UserID, CreatedBy: row.CreatedBy, CreatedTime: row.CreatedTime, UpdatedBy: row.UpdatedBy, UpdatedTime: row.UpdatedTime,
		}),
		UserRole:    row.UserRole,
		LiveEnabled: liveEnabled(row.Plan),
		Plan:        row.Plan,
	}, nil
}

func keyFromRow(r db.GetKeyRow) keys.Key {
	return keys.Key{
		ID: r.ID, AccountID: r.AccountID, Name: r.Name, Permissions: r.Permissions, IPs: r.Ips,
		Role: r.Role, UserID: r.UserID, CreatedBy: r.CreatedBy, CreatedTime: r.CreatedTime.UTC(), UpdatedBy: r.UpdatedBy, UpdatedTime: r.UpdatedTime.UTC(),
	}
}

// notFound turns "no rows" into apperr.ErrNotFound and wraps other errors.
func notFound(op string, err error) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return apperr.ErrNotFound
	}
	return fmt.Errorf("%s: %w", op, err)
}

// liveEnabled tells whether the plan called name includes live streaming; an
// unknown name (which the accounts table's CHECK rules out) includes nothing.
func liveEnabled(name string) bool {
	p, _ := plans.Lookup(name)
	return p.LiveStreaming
}
