package catalog

import (
	"context"

	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/principal"
)

// CreateCategory validates and stores a new category (its ID is assigned
// here) and announces it with category.created.
func (s *Service) CreateCategory(ctx context.Context, p principal.Principal, c Category) (Category, error) {
	if err := c.Validate(); err != nil {
		return Category{}, err
	}
	c.ID = ids.New()
	return commit(ctx, s, p, Created, func(tx Tx) (Category, error) {
		return tx.InsertCategory(ctx, p.AccountID, p.ActorID, c)
	})
}

// GetCategory returns one category of the principal's account.
func (s *Service) GetCategory(ctx context.Context, p principal.Principal, id string) (Category, error) {
	if err := CheckID(id); err != nil {
		return Category{}, err
	}
	return s.store.GetCategory(ctx, p.AccountID, id)
}

// ListCategories returns a page of the account's categories, oldest first.
func (s *Service) ListCategories(ctx context.Context, p principal.Principal, req page.Request) ([]Category, string, error) {
	return page.List(req,
		func() ([]Category, error) { return s.store.ListCategories(ctx, p.AccountID, req) },
		func(c Category) page.Cursor { return page.Cursor{Time: c.CreatedTime, ID: c.ID} })
}

// UpdateCategory applies patch and announces the result with
// category.updated.
func (s *Service) UpdateCategory(ctx context.Context, p principal.Principal, id string, patch Patch[Category]) (Category, error) {
	if err := patch.check(categoryFields, "category"); err != nil {
		return Category{}, err
	}
	if err := CheckID(id); err != nil {
		return Category{}, err
	}
	return commit(ctx, s, p, Updated, func(tx Tx) (Category, error) {
		current, err := tx.LockCategory(ctx, p.AccountID, id)
		if err != nil {
			return Category{}, err
		}
		next := patch.apply(current, categoryFields)
		if err := next.Validate(); err != nil {
			return Category{}, err
		}
		return tx.UpdateCategory(ctx, p.AccountID, p.ActorID, next)
	})
}

// DeleteCategory removes a category and announces its last state with
// category.deleted. Videos keep the value they were filed under; a video
// refers to a category only by value, so nothing is left dangling in the
// database, and such a video simply matches no category until one with the
// value exists again.
func (s *Service) DeleteCategory(ctx context.Context, p principal.Principal, id string) error {
	if err := CheckID(id); err != nil {
		return err
	}
	_, err := commit(ctx, s, p, Deleted, func(tx Tx) (Category, error) {
		return tx.DeleteCategory(ctx, p.AccountID, id)
	})
	return err
}
