package store

import (
	"context"

	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
	"github.com/vidhost/vidhost/services/catalog/internal/store/db"
)

func (r reader) GetAccountTerms(ctx context.Context, accountID string) (catalog.AccountTerms, error) {
	row, err := r.q.GetAccountTerms(ctx, accountID)
	return catalog.AccountTerms{
		AccountID: row.AccountID, Plan: row.Plan, Enabled: row.Enabled, UpdatedTime: row.UpdatedTime.UTC(),
	}, mapError(err, "get account terms")
}

// SetAccountTerms is one statement: it needs no transaction.
func (s *Store) SetAccountTerms(ctx context.Context, t catalog.AccountTerms) error {
	err := s.q.UpsertAccountTerms(ctx, db.UpsertAccountTermsParams{
		AccountID: t.AccountID, Plan: t.Plan, Enabled: t.Enabled, UpdatedTime: t.UpdatedTime,
	})
	return mapError(err, "set account terms")
}
