package store

import (
	"context"

	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
	"github.com/vidhost/vidhost/services/catalog/internal/store/db"
)

func (r reader) GetStreamKey(ctx context.Context, accountID, videoID string) (catalog.StoredStreamKey, error) {
	row, err := r.q.GetStreamKey(ctx, db.GetStreamKeyParams{AccountID: accountID, VideoID: videoID})
	return streamKey(row), mapError(err, "get stream key")
}

func (r reader) FindStreamKey(ctx context.Context, hash []byte) (catalog.StoredStreamKey, error) {
	row, err := r.q.FindStreamKey(ctx, hash)
	return streamKey(row), mapError(err, "find stream key")
}

func (r reader) CountLiveEvents(ctx context.Context, accountID, exceptVideoID string) (int, error) {
	n, err := r.q.CountLiveEvents(ctx, db.CountLiveEventsParams{AccountID: accountID, VideoID: exceptVideoID})
	return int(n), mapError(err, "count live events")
}

func (w writer) ReplaceStreamKey(ctx context.Context, accountID, actorID string, k catalog.StoredStreamKey) (catalog.StoredStreamKey, error) {
	row, err := w.q.ReplaceStreamKey(ctx, db.ReplaceStreamKeyParams{
		AccountID: accountID, VideoID: k.VideoID, ActorID: actorID, KeyHash: k.Hash, KeySealed: k.Sealed, Plan: k.Plan,
	})
	return streamKey(row), mapError(err, "replace stream key")
}

func (w writer) RevokeStreamKey(ctx context.Context, accountID, actorID, videoID string) (catalog.StoredStreamKey, error) {
	row, err := w.q.RevokeStreamKey(ctx, db.RevokeStreamKeyParams{AccountID: accountID, VideoID: videoID, ActorID: actorID})
	return streamKey(row), mapError(err, "revoke stream key")
}

func streamKey(row db.StreamKey) catalog.StoredStreamKey {
	return catalog.StoredStreamKey{
		VideoID:   row.VideoID,
		AccountID: row.AccountID,
		Hash:      row.KeyHash,
		Sealed:    row.KeySealed,
		Revoked:   row.RevokedTime.Valid,
		Plan:      row.Plan,
		Audit:     audit(row.CreatedBy, row.CreatedTime, row.UpdatedBy, row.UpdatedTime),
	}
}
