package store

import (
	"context"

	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/simulcast"
	"github.com/vidhost/vidhost/services/catalog/internal/restreams"
	"github.com/vidhost/vidhost/services/catalog/internal/store/db"
)

func (r reader) ListRestreams(ctx context.Context, accountID, videoID string, req page.Request) ([]restreams.Restream, error) {
	rows, err := r.q.ListRestreams(ctx, db.ListRestreamsParams{
		AccountID: accountID, VideoID: videoID, AfterTime: req.Cursor.Time, AfterID: req.Cursor.ID,
		RowLimit: req.FetchLimit(),
	})
	return restreamList(rows), mapError(err, "list restreams")
}

func (r reader) GetRestream(ctx context.Context, accountID, videoID, id string) (restreams.Restream, error) {
	row, err := r.q.GetRestream(ctx, db.GetRestreamParams{AccountID: accountID, VideoID: videoID, ID: id})
	return restream(row), mapError(err, "get restream")
}

func (r reader) EnabledRestreams(ctx context.Context, accountID, videoID string, limit int) ([]restreams.Restream, error) {
	rows, err := r.q.EnabledRestreams(ctx, db.EnabledRestreamsParams{
		AccountID: accountID, VideoID: videoID, RowLimit: int32(min(limit, 1000)), //nolint:gosec // bounded
	})
	return restreamList(rows), mapError(err, "enabled restreams")
}

func (w writer) CountRestreams(ctx context.Context, accountID, videoID string) (int, error) {
	n, err := w.q.CountRestreams(ctx, db.CountRestreamsParams{AccountID: accountID, VideoID: videoID})
	return int(n), mapError(err, "count restreams")
}

func (w writer) LockRestream(ctx context.Context, accountID, videoID, id string) (restreams.Restream, error) {
	row, err := w.q.LockRestream(ctx, db.LockRestreamParams{AccountID: accountID, VideoID: videoID, ID: id})
	return restream(row), mapError(err, "lock restream")
}

func (w writer) InsertRestream(ctx context.Context, accountID, actorID string, r restreams.Restream) (restreams.Restream, error) {
	row, err := w.q.InsertRestream(ctx, db.InsertRestreamParams{
		ID: r.ID, VideoID: r.VideoID, AccountID: accountID, Name: r.Name, Url: r.URL,
		KeySealed: nonNil(r.Sealed), Enabled: r.Enabled, ActorID: actorID,
	})
	return restream(row), mapError(err, "insert restream")
}

func (w writer) UpdateRestream(ctx context.Context, accountID, actorID string, r restreams.Restream) (restreams.Restream, error) {
	row, err := w.q.UpdateRestream(ctx, db.UpdateRestreamParams{
		AccountID: accountID, VideoID: r.VideoID, ID: r.ID, Name: r.Name, Url: r.URL,
		KeySealed: nonNil(r.Sealed), Enabled: r.Enabled, ActorID: actorID,
	})
	return restream(row), mapError(err, "update restream")
}

func (w writer) DeleteRestream(ctx context.Context, accountID, videoID, id string) (restreams.Restream, error) {
	row, err := w.q.DeleteRestream(ctx, db.DeleteRestreamParams{AccountID: accountID, VideoID: videoID, ID: id})
	return restream(row), mapError(err, "delete restream")
}

// SetRestreamStatus runs in a transaction of its own: writes go through
// the writer only.
func (s restreamStore) SetRestreamStatus(ctx context.Context, accountID, videoID, id string, state simulcast.State, reason string) (bool, error) {
	var n int64
	err := s.inTx(ctx, func(t *tx) error {
		var err error
		n, err = t.q.SetRestreamStatus(ctx, db.SetRestreamStatusParams{
			AccountID: accountID, VideoID: videoID, ID: id, Status: string(state), StatusReason: reason,
		})
		return err
	})
	return n > 0, mapError(err, "set restream status")
}

// nonNil stores "no key" as an empty value (the column is NOT NULL).
func nonNil(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}

func restreamList(rows []db.Restream) []restreams.Restream {
	out := make([]restreams.Restream, len(rows))
	for i, row := range rows {
		out[i] = restream(row)
	}
	return out
}

func restream(row db.Restream) restreams.Restream {
	return restreams.Restream{
		ID:           row.ID,
		VideoID:      row.VideoID,
		AccountID:    row.AccountID,
		Name:         row.Name,
		URL:          row.Url,
		Sealed:       row.KeySealed,
		Enabled:      row.Enabled,
		Status:       simulcast.State(row.Status),
		StatusReason: row.StatusReason,
		StatusTime:   nullableTime(row.StatusTime),
		Audit:        audit(row.CreatedBy, row.CreatedTime, row.UpdatedBy, row.UpdatedTime),
	}
}
