package users

import (
	"context"
	"time"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/audit"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/roles"
)

// ErrLastOwner is the 409 of the last-owner rule.
var ErrLastOwner = &apperr.Conflict{Reason: "an account must keep one enabled owner: make another user an enabled owner first"}

// errOwnerOnly refuses owner grants and removals by a caller who is not an owner.
var errOwnerOnly = &apperr.Denied{Reason: "only an owner can grant or remove the owner role"}

// errOwnerTarget refuses a change to an owner by a caller who is not one:
// admins manage the users below owner (docs/roles.md).
var errOwnerTarget = &apperr.Denied{Reason: "only an owner can change or delete an owner"}

// Stopper ends what an enabled user could still do when they are disabled or
// deleted: sessions.Service ends their sessions.
type Stopper interface {
	StopUser(ctx context.Context, accountID, userID string) error
}

// Service applies the user rules on behalf of an authorised principal.
type Service struct {
	store   Store
	stopper Stopper
	now     func() time.Time
}

// NewService returns a Service over store; stopper may be nil.
func NewService(store Store, stopper Stopper) *Service {
	return &Service{store: store, stopper: stopper, now: time.Now}
}

// List returns a page of the account's users, oldest first, and the next cursor.
func (s *Service) List(ctx context.Context, p principal.Principal, req page.Request) ([]User, string, error) {
	rows, err := s.store.ListUsers(ctx, p.AccountID, req)
	if err != nil {
		return nil, "", err
	}
	items, next := page.Trim(rows, req, func(u User) page.Cursor {
		return page.Cursor{Time: u.CreatedTime, ID: u.ID}
	})
	return items, next, nil
}

// Get returns one user of the account.
func (s *Service) Get(ctx context.Context, p principal.Principal, id string) (User, error) {
	if !ids.Valid(id) {
		return User{}, apperr.ErrNotFound
	}
	return s.store.GetUser(ctx, p.AccountID, id)
}

// Update applies a PATCH to one user of the account.
func (s *Service) Update(ctx context.Context, p principal.Principal, id string, u Update) (User, error) {
	patch, err := u.Patch()
	if err != nil {
		return User{}, err
	}
	if !ids.Valid(id) {
		return User{}, apperr.ErrNotFound
	}
	now := s.timestamp()
	var out User
	err = s.store.InTx(ctx, func(tx Tx) error {
		owners, err := tx.LockEnabledOwners(ctx, p.AccountID)
		if err != nil {
			return err
		}
		before, err := tx.LockUser(ctx, p.AccountID, id)
		if err != nil {
			return err
		}
		after := before
		patch.Apply(&after)
		if (before.Role == roles.Owner) != (after.Role == roles.Owner) && p.ActingRole() != roles.Owner {
			return errOwnerOnly
		}
		if before.Role == roles.Owner && p.ActingRole() != roles.Owner {
			return errOwnerTarget
		}
		if before.activeOwner() && !after.activeOwner() && len(owners) <= 1 {
			return ErrLastOwner
		}
		after.UpdatedBy, after.UpdatedTime = p.ActorID, now
		if err := tx.UpdateUser(ctx, p.AccountID, after); err != nil {
			return err
		}
		out = after
		if err := tx.Emit(ctx, Event{Kind: UserUpdated, AccountID: p.AccountID, ActorID: p.ActorID, Time: now, User: after}); err != nil {
			return err
		}
		return tx.Audit(ctx, p, audit.EntityUsers, id, audit.ActionUpdate, audit.Changes(auditFields(before), auditFields(after)))
	})
	if err != nil {
		return User{}, err
	}
	if !out.Enabled {
		return out, s.stop(ctx, out)
	}
	return out, nil
}

// Delete removes one user of the account.
func (s *Service) Delete(ctx context.Context, p principal.Principal, id string) error {
	if !ids.Valid(id) {
		return apperr.ErrNotFound
	}
	var target User
	err := s.store.InTx(ctx, func(tx Tx) error {
		owners, err := tx.LockEnabledOwners(ctx, p.AccountID)
		if err != nil {
			return err
		}
		if target, err = tx.LockUser(ctx, p.AccountID, id); err != nil {
			return err
		}
		if target.Role == roles.Owner && p.ActingRole() != roles.Owner {
			return errOwnerTarget
		}
		if target.activeOwner() && len(owners) <= 1 {
			return ErrLastOwner
		}
		if err := tx.DeleteUser(ctx, p.AccountID, id); err != nil {
			return err
		}
		if err := tx.Emit(ctx, Event{Kind: UserDeleted, AccountID: p.AccountID, ActorID: p.ActorID, Time: s.timestamp(), User: target}); err != nil {
			return err
		}
		return tx.Audit(ctx, p, audit.EntityUsers, id, audit.ActionDelete, auditFields(target))
	})
	if err != nil {
		return err
	}
	return s.stop(ctx, target)
}

// stop is the hook that ends a disabled or deleted user's sessions.
func (s *Service) stop(ctx context.Context, u User) error {
	if s.stopper == nil {
		return nil
	}
	return s.stopper.StopUser(ctx, u.AccountID, u.ID)
}

// timestamp is now at PostgreSQL's precision.
func (s *Service) timestamp() time.Time {
	return s.now().UTC().Truncate(time.Microsecond)
}
