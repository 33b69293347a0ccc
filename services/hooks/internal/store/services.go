package store

import (
	"context"

	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/services/hooks/internal/hooks"
	"github.com/vidhost/vidhost/services/hooks/internal/store/db"
)

func (r reader) GetService(ctx context.Context, accountID, id string) (hooks.Target, error) {
	row, err := r.q.GetService(ctx, db.GetServiceParams{AccountID: accountID, ID: id})
	return service(row), mapError(err, "get service")
}

func (r reader) ListServices(ctx context.Context, accountID string, req page.Request) ([]hooks.Target, error) {
	rows, err := r.q.ListServices(ctx, db.ListServicesParams{
		AccountID: accountID, AfterTime: req.Cursor.Time, AfterID: req.Cursor.ID, RowLimit: req.FetchLimit(),
	})
	if err != nil {
		return nil, mapError(err, "list services")
	}
	return mapRows(rows, service), nil
}

func (t *tx) InsertService(ctx context.Context, accountID, actorID string, s hooks.Target) (hooks.Target, error) {
	sealed, err := t.seal(accountID, s.ID, s.Credentials)
	if err != nil {
		return hooks.Target{}, err
	}
	row, err := t.q.InsertService(ctx, db.InsertServiceParams{
		ID: s.ID, AccountID: accountID, ActorID: actorID, Name: s.Name, Type: s.Type, Url: s.URL, BaseUrl: s.BaseURL,
		Endpoint: s.Endpoint, Region: s.Region, Bucket: s.Bucket, Prefix: s.Prefix, Credentials: sealed,
	})
	return withCredentials(row, s.Credentials), mapError(err, "insert service")
}

func (t *tx) LockService(ctx context.Context, accountID, id string) (hooks.Target, error) {
	row, err := t.q.LockService(ctx, db.LockServiceParams{AccountID: accountID, ID: id})
	if err != nil {
		return hooks.Target{}, mapError(err, "lock service")
	}
	credentials, err := t.open(accountID, id, row.Credentials)
	return withCredentials(row, credentials), err
}

func (t *tx) ShareService(ctx context.Context, accountID, id string) (hooks.Target, error) {
	row, err := t.q.ShareService(ctx, db.ShareServiceParams{AccountID: accountID, ID: id})
	return service(row), mapError(err, "share service")
}

func (t *tx) HasServices(ctx context.Context, accountID string) (bool, error) {
	has, err := t.q.HasServices(ctx, accountID)
	return has, mapError(err, "has services")
}

func (t *tx) UpdateService(ctx context.Context, accountID, actorID string, s hooks.Target) (hooks.Target, error) {
	sealed, err := t.seal(accountID, s.ID, s.Credentials)
	if err != nil {
		return hooks.Target{}, err
	}
	row, err := t.q.UpdateService(ctx, db.UpdateServiceParams{
		AccountID: accountID, ID: s.ID, ActorID: actorID, Name: s.Name, Url: s.URL, BaseUrl: s.BaseURL,
		Endpoint: s.Endpoint, Region: s.Region, Bucket: s.Bucket, Prefix: s.Prefix, Credentials: sealed,
	})
	return withCredentials(row, s.Credentials), mapError(err, "update service")
}

func (t *tx) DeleteService(ctx context.Context, accountID, id string) (hooks.Target, error) {
	row, err := t.q.DeleteService(ctx, db.DeleteServiceParams{AccountID: accountID, ID: id})
	return service(row), mapError(err, "delete service")
}

// service is a row without its credentials.
func service(row db.Service) hooks.Target {
	return hooks.Target{
		ID: row.ID, Name: row.Name, Type: row.Type, URL: row.Url, BaseURL: row.BaseUrl,
		Endpoint: row.Endpoint, Region: row.Region, Bucket: row.Bucket, Prefix: row.Prefix,
		Audit: hooks.Audit{
			CreatedBy: row.CreatedBy, CreatedTime: row.CreatedTime.UTC(),
			UpdatedBy: row.UpdatedBy, UpdatedTime: row.UpdatedTime.UTC(),
		},
	}
}

func withCredentials(row db.Service, c hooks.Credentials) hooks.Target {
	s := service(row)
	s.Credentials = c
	return s
}
