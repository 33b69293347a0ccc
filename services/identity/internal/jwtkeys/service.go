package jwtkeys

import (
	"context"
	"time"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/audit"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/principal"
)

// Service applies the JWT key rules; the caller has already checked that
// the principal may read or write.
type Service struct {
	store Store
	now   func() time.Time
}

// NewService returns a Service over store.
func NewService(store Store) *Service {
	return &Service{store: store, now: time.Now}
}

// Create validates in and stores the key in canonical form.
func (s *Service) Create(ctx context.Context, p principal.Principal, in Input) (Key, error) {
	publicKey, algorithm, err := in.Validate()
	if err != nil {
		return Key{}, err
	}
	// PostgreSQL's precision, so the key returned equals the key read back.
	now := s.now().UTC().Truncate(time.Microsecond)
	k := Key{
		ID: ids.New(), AccountID: p.AccountID, Name: in.Name, PublicKey: publicKey, Algorithm: algorithm,
		CreatedBy: p.ActorID, CreatedTime: now, UpdatedBy: p.ActorID, UpdatedTime: now,
	}
	err = s.store.InJwtKeyTx(ctx, func(tx Tx) error {
		if err := tx.InsertJwtKey(ctx, p.AccountID, k); err != nil {
			return err
		}
		return tx.Audit(ctx, p, audit.EntityJWTKeys, k.ID, audit.ActionCreate, auditFields(k))
	})
	if err != nil {
		return Key{}, err
	}
	return k, nil
}

// List returns a page of the account's keys, oldest first, and the cursor
// of the next page ("" on the last).
func (s *Service) List(ctx context.Context, p principal.Principal, req page.Request) ([]Key, string, error) {
	rows, err := s.store.ListJwtKeys(ctx, p.AccountID, req)
	if err != nil {
		return nil, "", err
	}
	items, next := page.Trim(rows, req, func(k Key) page.Cursor {
		return page.Cursor{Time: k.CreatedTime, ID: k.ID}
	})
	return items, next, nil
}

// Get returns one key of the principal's account.
func (s *Service) Get(ctx context.Context, p principal.Principal, id string) (Key, error) {
	return s.PublicKey(ctx, p.AccountID, id)
}

// Delete removes one key of the account. Viewer JWTs signed with it stop
// verifying once the edge's short key cache has expired.
func (s *Service) Delete(ctx context.Context, p principal.Principal, id string) error {
	if !ids.Valid(id) {
		return apperr.ErrNotFound
	}
	return s.store.InJwtKeyTx(ctx, func(tx Tx) error {
		if err := tx.DeleteJwtKey(ctx, p.AccountID, id); err != nil {
			return err
		}
		return tx.Audit(ctx, p, audit.EntityJWTKeys, id, audit.ActionDelete, nil)
	})
}

// auditFields are what the audit log records of a key: a public key is no
// secret, and says which key it was.
func auditFields(k Key) map[string]any {
	return map[string]any{"name": k.Name, "public_key": k.PublicKey, "algorithm": k.Algorithm}
}

// PublicKey returns the key a viewer JWT names (kid) in the account of the
// video being watched. It needs no principal: the playback edge asks on
// behalf of anonymous viewers, and a public key is no secret.
func (s *Service) PublicKey(ctx context.Context, accountID, id string) (Key, error) {
	if !ids.Valid(id) || accountID == "" {
		return Key{}, apperr.ErrNotFound
	}
	return s.store.GetJwtKey(ctx, accountID, id)
}
