package hooks

import (
	"context"
	"errors"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/filter"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/principal"
)

// CreateHook validates and stores a new hook, enabled, and announces it
// with hook.created. Its service must be one of the account's, and its
// params what that service's type takes. filters_logic defaults to and.
func (r *Service) CreateHook(ctx context.Context, p principal.Principal, h Hook) (Hook, error) {
	if h.FiltersLogic == "" {
		h.FiltersLogic = filter.And
	}
	if err := h.validate(); err != nil {
		return Hook{}, err
	}
	h.ID, h.Enabled = ids.New(), true
	return commit(ctx, r, p, Created, func(tx Tx, before *any) (Hook, error) {
		s, err := r.serviceOf(ctx, tx, p.AccountID, h.ServiceID)
		if err != nil {
			return Hook{}, err
		}
		if err := checkService(h, s.Type); err != nil {
			return Hook{}, err
		}
		return tx.InsertHook(ctx, p.AccountID, p.ActorID, h)
	})
}

// serviceOf finds the service a hook names, held until the transaction
// ends so it cannot be deleted under the hook: none at all in the account
// is ErrServiceRequired, another id errUnknownService.
func (r *Service) serviceOf(ctx context.Context, tx Tx, accountID, id string) (Target, error) {
	has, err := tx.HasServices(ctx, accountID)
	switch {
	case err != nil:
		return Target{}, err
	case !has:
		return Target{}, ErrServiceRequired
	case !ids.Valid(id):
		return Target{}, errUnknownService
	}
	s, err := tx.ShareService(ctx, accountID, id)
	if errors.Is(err, apperr.ErrNotFound) {
		return Target{}, errUnknownService
	}
	return s, err
}

// GetHook returns one of the account's hooks.
func (r *Service) GetHook(ctx context.Context, p principal.Principal, id string) (Hook, error) {
	if err := checkID(id); err != nil {
		return Hook{}, err
	}
	return r.store.GetHook(ctx, p.AccountID, id)
}

// ListHooks returns a page of the account's hooks, oldest first.
func (r *Service) ListHooks(ctx context.Context, p principal.Principal, req page.Request) ([]Hook, string, error) {
	return page.List(req,
		func() ([]Hook, error) { return r.store.ListHooks(ctx, p.AccountID, req) },
		func(h Hook) page.Cursor { return page.Cursor{Time: h.CreatedTime, ID: h.ID} })
}

// UpdateHook applies patch and announces the result with hook.updated. A
// hook whose service was deleted stays disabled until it names one of the
// account's services and is enabled again.
func (r *Service) UpdateHook(ctx context.Context, p principal.Principal, id string, patch HookPatch) (Hook, error) {
	if err := checkID(id); err != nil {
		return Hook{}, err
	}
	return commit(ctx, r, p, Updated, func(tx Tx, before *any) (Hook, error) {
		current, err := tx.LockHook(ctx, p.AccountID, id)
		if err != nil {
			return Hook{}, err
		}
		*before = current
		next, err := patch.apply(current)
		if err != nil {
			return Hook{}, err
		}
		if err := next.validate(); err != nil {
			return Hook{}, err
		}
		if err := r.checkHookService(ctx, tx, p.AccountID, next, patch); err != nil {
			return Hook{}, err
		}
		return tx.UpdateHook(ctx, p.AccountID, p.ActorID, next)
	})
}

// checkHookService checks what a patched hook asks of its service: that a
// newly named one exists, that an enabled hook has one, that it can run
// the hook's event and its params fit it.
func (r *Service) checkHookService(ctx context.Context, tx Tx, accountID string, h Hook, patch HookPatch) error {
	var s Target
	var err error
	if patch.changes("service") {
		s, err = r.serviceOf(ctx, tx, accountID, h.ServiceID)
	} else {
		s, err = tx.ShareService(ctx, accountID, h.ServiceID)
	}
	switch {
	case errors.Is(err, apperr.ErrNotFound) && h.Enabled:
		return apperr.InvalidField("enabled", "can be true only with an existing service: set service too")
	case errors.Is(err, apperr.ErrNotFound) && patch.changes("params"):
		return errUnknownService
	case errors.Is(err, apperr.ErrNotFound):
		return nil // a disabled hook of a deleted service, renamed
	case err != nil:
		return err
	}
	return checkService(h, s.Type)
}

// checkService checks what h asks of a service of serviceType: that it
// can run the action for h's event, with h's params.
func checkService(h Hook, serviceType string) error {
	if err := checkEventService(h.Event, serviceType); err != nil {
		return err
	}
	return checkParams(h.Params, serviceType)
}

// DeleteHook removes a hook and announces its last state with
// hook.deleted.
func (r *Service) DeleteHook(ctx context.Context, p principal.Principal, id string) error {
	if err := checkID(id); err != nil {
		return err
	}
	_, err := commit(ctx, r, p, Deleted, func(tx Tx, before *any) (Hook, error) {
		return tx.DeleteHook(ctx, p.AccountID, id)
	})
	return err
}
