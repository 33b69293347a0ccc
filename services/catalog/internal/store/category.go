package store

import (
	"context"

	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
	"github.com/vidhost/vidhost/services/catalog/internal/store/db"
)

func (r reader) GetCategory(ctx context.Context, accountID, id string) (catalog.Category, error) {
	row, err := r.q.GetCategory(ctx, db.GetCategoryParams{AccountID: accountID, ID: id})
	return category(row), mapError(err, "get category")
}

func (r reader) ListCategories(ctx context.Context, accountID string, req page.Request) ([]catalog.Category, error) {
	rows, err := r.q.ListCategories(ctx, db.ListCategoriesParams{
		AccountID: accountID,
		AfterTime: req.Cursor.Time,
		AfterID:   req.Cursor.ID,
		RowLimit:  req.FetchLimit(),
	})
	if err != nil {
		return nil, mapError(err, "list categories")
	}
	return mapRows(rows, category), nil
}

func (w writer) InsertCategory(ctx context.Context, accountID, actorID string, c catalog.Category) (catalog.Category, error) {
	row, err := w.q.InsertCategory(ctx, db.InsertCategoryParams{
		AccountID: accountID, ID: c.ID, ActorID: actorID, Name: c.Name, Value: c.Value,
	})
	return category(row), mapError(err, "insert category")
}

func (w writer) LockCategory(ctx context.Context, accountID, id string) (catalog.Category, error) {
	row, err := w.q.LockCategory(ctx, db.LockCategoryParams{AccountID: accountID, ID: id})
	return category(row), mapError(err, "lock category")
}

func (w writer) UpdateCategory(ctx context.Context, accountID, actorID string, c catalog.Category) (catalog.Category, error) {
	row, err := w.q.UpdateCategory(ctx, db.UpdateCategoryParams{
		AccountID: accountID, ID: c.ID, ActorID: actorID, Name: c.Name, Value: c.Value,
	})
	return category(row), mapError(err, "update category")
}

func (w writer) DeleteCategory(ctx context.Context, accountID, id string) (catalog.Category, error) {
	row, err := w.q.DeleteCategory(ctx, db.DeleteCategoryParams{AccountID: accountID, ID: id})
	return category(row), mapError(err, "delete category")
}

func category(row db.Category) catalog.Category {
	return catalog.Category{
		ID:    row.ID,
		Name:  row.Name,
		Value: row.Value,
		Audit: audit(row.CreatedBy, row.CreatedTime, row.UpdatedBy, row.UpdatedTime),
	}
}
