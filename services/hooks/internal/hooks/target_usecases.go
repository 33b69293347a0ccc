package hooks

import (
	"context"

	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/principal"
)

// CreateService validates and stores a new service and announces it with
// service.created. A webhook gets a new signing secret: the result carries
// it, and this is the one response that may show it.
func (r *Service) CreateService(ctx context.Context, p principal.Principal, s Target) (Target, error) {
	s.Credentials.Secret, s.Credentials.PreviousSecret = "", ""
	if err := s.validateNew(r.urls); err != nil {
		return Target{}, err
	}
	s.ID = ids.New()
	if s.Type == TypeWebhook {
		s.Credentials.Secret = newSecret()
	}
	return commit(ctx, r, p, Created, func(tx Tx, before *any) (Target, error) {
		return tx.InsertService(ctx, p.AccountID, p.ActorID, s)
	})
}

// GetService returns one of the account's services, without credentials.
func (r *Service) GetService(ctx context.Context, p principal.Principal, id string) (Target, error) {
	if err := checkID(id); err != nil {
		return Target{}, err
	}
	return r.store.GetService(ctx, p.AccountID, id)
}

// ListServices returns a page of the account's services, oldest first.
func (r *Service) ListServices(ctx context.Context, p principal.Principal, req page.Request) ([]Target, string, error) {
	return page.List(req,
		func() ([]Target, error) { return r.store.ListServices(ctx, p.AccountID, req) },
		func(s Target) page.Cursor { return page.Cursor{Time: s.CreatedTime, ID: s.ID} })
}

// UpdateService applies patch and announces the result with
// service.updated. The result carries no credentials.
func (r *Service) UpdateService(ctx context.Context, p principal.Principal, id string, patch TargetPatch) (Target, error) {
	if err := checkID(id); err != nil {
		return Target{}, err
	}
	return commit(ctx, r, p, Updated, func(tx Tx, before *any) (Target, error) {
		current, err := tx.LockService(ctx, p.AccountID, id)
		if err != nil {
			return Target{}, err
		}
		*before = current
		next, err := patch.apply(current)
		if err != nil {
			return Target{}, err
		}
		if err := next.validate(r.urls); err != nil {
			return Target{}, err
		}
		return tx.UpdateService(ctx, p.AccountID, p.ActorID, next)
	})
}

// RotateServiceSecret gives a webhook service a new signing secret, kept
// with the previous one for SecretGrace, and returns the service with the
// new secret: the one response that shows it.
func (r *Service) RotateServiceSecret(ctx context.Context, p principal.Principal, id string) (Target, error) {
	if err := checkID(id); err != nil {
		return Target{}, err
	}
	return commit(ctx, r, p, Updated, func(tx Tx, before *any) (Target, error) {
		s, err := tx.LockService(ctx, p.AccountID, id)
		if err != nil {
			return Target{}, err
		}
		*before = s
		if err := s.rotateSecret(r.now()); err != nil {
			return Target{}, err
		}
		return tx.UpdateService(ctx, p.AccountID, p.ActorID, s)
	})
}

// DeleteService removes a service and disables the hooks that ran on it,
// in one transaction: service.deleted, and hook.updated for each hook.
func (r *Service) DeleteService(ctx context.Context, p principal.Principal, id string) error {
	if err := checkID(id); err != nil {
		return err
	}
	_, err := commit(ctx, r, p, Deleted, func(tx Tx, before *any) (Target, error) {
		s, err := tx.DeleteService(ctx, p.AccountID, id)
		if err != nil {
			return Target{}, err
		}
		disabled, err := tx.DisableHooksOf(ctx, p.AccountID, p.ActorID, id)
		if err != nil {
			return Target{}, err
		}
		for _, h := range disabled {
			e := r.event(p, Updated, h)
			was := h
			was.Enabled = true
			e.Before = was
			if err := tx.Emit(ctx, e); err != nil {
				return Target{}, err
			}
		}
		return s, nil
	})
	return err
}
