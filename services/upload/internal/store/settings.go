package store

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"github.com/vidhost/vidhost/services/upload/internal/store/db"
	"github.com/vidhost/vidhost/services/upload/internal/upload"
)

func (r reader) GetSettings(ctx context.Context, accountID string) (upload.StoredSettings, error) {
	row, err := r.q.GetAccountSettings(ctx, accountID)
	if errors.Is(err, pgx.ErrNoRows) {
		return upload.StoredSettings{}, nil // the account uses the defaults
	}
	return toSettings(row), mapError(err, "get account settings")
}

func (t *tx) SaveSettings(ctx context.Context, accountID, actorID string, c upload.SettingsChange) (upload.StoredSettings, error) {
	row, err := t.q.UpsertAccountSettings(ctx, db.UpsertAccountSettingsParams{
		AccountID:      accountID,
		UploadsEnabled: c.UploadsEnabled,
		MaxFileBytes:   c.MaxFileBytes,
		QuotaBytes:     c.QuotaBytes,
		MaxConcurrent:  c.MaxConcurrent,
		ActorID:        actorID,
	})
	return toSettings(row), mapError(err, "save account settings")
}

func toSettings(row db.AccountSetting) upload.StoredSettings {
	return upload.StoredSettings{
		UploadsEnabled: row.UploadsEnabled,
		MaxFileBytes:   row.MaxFileBytes,
		QuotaBytes:     row.QuotaBytes,
		MaxConcurrent:  row.MaxConcurrent,
		Audit:          audit(row.CreatedBy, row.CreatedTime, row.UpdatedBy, row.UpdatedTime),
	}
}
