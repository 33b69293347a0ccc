package store

import (
	"context"
	"time"

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

func (w writer) LockLiveAdmission(ctx context.Context, accountID string) error {
	return mapError(w.q.LockLiveAdmission(ctx, accountID), "lock live admission")
}

func (w writer) CountAdmittedEvents(ctx context.Context, accountID, exceptVideoID string, window time.Duration) (int, error) {
	n, err := w.q.CountAdmittedEvents(ctx, db.CountAdmittedEventsParams{
		AccountID: accountID, VideoID: exceptVideoID, WindowSeconds: window.Seconds(),
	})
	return int(n), mapError(err, "count admitted events")
}

func (w writer) AdmitStreamKey(ctx context.Context, accountID, videoID string) error {
	return mapError(w.q.AdmitStreamKey(ctx, db.AdmitStreamKeyParams{AccountID: accountID, VideoID: videoID}), "admit stream key")
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
