package keys

import (
	"cmp"
	"context"
	"errors"
	"time"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/audit"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/principal"
)

// Service applies the key rules on behalf of an authorised principal; the
// caller has already checked that the principal may read or write.
type Service struct {
	store Store
	now   func() time.Time
}

// NewService returns a Service over store.
func NewService(store Store) *Service {
	return &Service{store: store, now: time.Now}
}

// Create validates in, makes a key with a fresh secret and returns it with
// the secret's value, which is never available again.
func (s *Service) Create(ctx context.Context, p principal.Principal, in Input) (Created, error) {
	in, err := in.Validate()
	if err != nil {
		return Created{}, err
	}
	a, err := s.actorOf(ctx, p)
	if err != nil {
		return Created{}, err
	}
	role := cmp.Or(in.Role, a.role)
	if err := a.checkWithin("create a key with", Key{Permissions: in.Permissions, IPs: in.IPs, Role: role}); err != nil {
		return Created{}, err
	}
	now := s.timestamp()
	k := Key{
		ID: ids.New(), AccountID: p.AccountID, Name: in.Name, Permissions: in.Permissions, IPs: in.IPs,
		Role: role, UserID: a.userID,
		CreatedBy: p.ActorID, CreatedTime: now, UpdatedBy: p.ActorID, UpdatedTime: now,
	}
	value, hash := NewValue()
	_, err = s.commit(ctx, p, KeyCreated, now, nil, func(tx Tx) (Key, error) {
		return k, tx.InsertKey(ctx, p.AccountID, k, hash)
	})
	if err != nil {
		return Created{}, err
	}
	return Created{Key: k, Value: value}, nil
}

// List returns a page of the account's keys, oldest first, and the cursor
// of the next page ("" on the last).
func (s *Service) List(ctx context.Context, p principal.Principal, req page.Request) ([]Key, string, error) {
	rows, err := s.store.ListKeys(ctx, p.AccountID, req)
	if err != nil {
		return nil, "", err
	}
	items, next := page.Trim(rows, req, func(k Key) page.Cursor {
		return page.Cursor{Time: k.CreatedTime, ID: k.ID}
	})
	return items, next, nil
}

// Get returns one key of the account.
func (s *Service) Get(ctx context.Context, p principal.Principal, id string) (Key, error) {
	if !ids.Valid(id) {
		return Key{}, apperr.ErrNotFound
	}
	return s.store.GetKey(ctx, p.AccountID, id)
}

// Update applies a PATCH to one key of the account.
func (s *Service) Update(ctx context.Context, p principal.Principal, id string, u Update) (Key, error) {
	patch, err := u.Patch()
	if err != nil {
		return Key{}, err
	}
	if !ids.Valid(id) {
		return Key{}, apperr.ErrNotFound
	}
	a, err := s.actorOf(ctx, p)
	if err != nil {
		return Key{}, err
	}
	now := s.timestamp()
	var before Key
	return s.commit(ctx, p, KeyUpdated, now, &before, func(tx Tx) (Key, error) {
		k, err := tx.LockKey(ctx, p.AccountID, id)
		if err != nil {
			return Key{}, err
		}
		before = k
		// Both sides: nobody may edit a wider key nor widen one.
		if err := a.checkWithin("update a key with", k); err != nil {
			return Key{}, err
		}
		patch.Apply(&k)
		if err := a.checkWithin("give a key", k); err != nil {
			return Key{}, err
		}
		k.UpdatedBy, k.UpdatedTime = p.ActorID, now
		return k, tx.UpdateKey(ctx, p.AccountID, k)
	})
}

// Delete removes one key of the account; key.deleted tells gateways to drop
// it from their caches at once.
func (s *Service) Delete(ctx context.Context, p principal.Principal, id string) error {
	if !ids.Valid(id) {
		return apperr.ErrNotFound
	}
	target, err := s.store.GetKey(ctx, p.AccountID, id)
	if err != nil {
		return err
	}
	// A key widened between this check and the delete is deleted anyway,
	// which only takes rights away.
	a, err := s.actorOf(ctx, p)
	if err != nil {
		return err
	}
	if err := a.checkWithin("delete a key with", target); err != nil {
		return err
	}
	_, err = s.commit(ctx, p, KeyDeleted, s.timestamp(), nil, func(tx Tx) (Key, error) {
		return target, tx.DeleteKey(ctx, p.AccountID, id)
	})
	return err
}

// Authenticate resolves a bearer secret. Every failure is the same
// apperr.ErrUnauthenticated, so callers learn nothing about which keys exist.
func (s *Service) Authenticate(ctx context.Context, value string) (Credential, error) {
	if !wellFormed(value) {
		return Credential{}, apperr.ErrUnauthenticated
	}
	cred, err := s.store.Authenticate(ctx, HashValue(value))
	if errors.Is(err, apperr.ErrNotFound) {
		return Credential{}, apperr.ErrUnauthenticated
	}
	return cred, err
}

// commit runs write in a transaction and records, in the same transaction,
// the event that announces the key it returns, as of at, and its audit
// entry: the change is published if and only if it is committed. before,
// filled by an update's write, makes the entry record the changed fields.
func (s *Service) commit(ctx context.Context, p principal.Principal, kind EventKind, at time.Time, before *Key, write func(Tx) (Key, error)) (Key, error) {
	var k Key
	err := s.store.InTx(ctx, func(tx Tx) error {
		var err error
		if k, err = write(tx); err != nil {
			return err
		}
		if err := tx.Emit(ctx, Event{Kind: kind, AccountID: p.AccountID, ActorID: p.ActorID, Time: at, Key: k}); err != nil {
			return err
		}
		changed := AuditFields(k)
		if before != nil {
			changed = audit.Changes(AuditFields(*before), changed)
		}
		return tx.Audit(ctx, p, audit.EntityKeys, k.ID, auditActions[kind], changed)
	})
	return k, err
}

// timestamp is now at PostgreSQL's precision, so a key returned from Create
// equals the key read back later.
func (s *Service) timestamp() time.Time {
	return s.now().UTC().Truncate(time.Microsecond)
}
