package store

import (
	"context"
	"time"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/pg"
	"github.com/vidhost/vidhost/services/upload/internal/store/db"
	"github.com/vidhost/vidhost/services/upload/internal/upload"
)

func (r reader) GetUpload(ctx context.Context, accountID, id string) (upload.Upload, error) {
	row, err := r.q.GetUpload(ctx, db.GetUploadParams{AccountID: accountID, ID: id})
	return toUpload(row), mapError(err, "get upload")
}

func (r reader) ListUploads(ctx context.Context, accountID string, req page.Request) ([]upload.Upload, error) {
	rows, err := r.q.ListUploads(ctx, db.ListUploadsParams{
		AccountID: accountID,
		AfterTime: req.Cursor.Time,
		AfterID:   req.Cursor.ID,
		RowLimit:  req.FetchLimit(),
	})
	return toUploads(rows), mapError(err, "list uploads")
}

func (r reader) OverdueUploads(ctx context.Context, before time.Time, limit int) ([]upload.Upload, error) {
	rows, err := r.q.OverdueUploads(ctx, db.OverdueUploadsParams{Before: before, RowLimit: int32(limit)}) //nolint:gosec // bounded: callers pass small constant batch sizes
	return toUploads(rows), mapError(err, "overdue uploads")
}

func (r reader) ExpiredUploads(ctx context.Context, before time.Time, limit int) ([]upload.Upload, error) {
	rows, err := r.q.ExpiredUploads(ctx, db.ExpiredUploadsParams{Before: before, RowLimit: int32(limit)}) //nolint:gosec // bounded: callers pass small constant batch sizes
	return toUploads(rows), mapError(err, "expired uploads")
}

func (t *tx) LockAccount(ctx context.Context, accountID string) error {
	return mapError(t.q.LockAccount(ctx, accountID), "lock account")
}

func (t *tx) Usage(ctx context.Context, accountID string, now time.Time) (upload.Usage, error) {
	row, err := t.q.AccountUsage(ctx, db.AccountUsageParams{AccountID: accountID, Now: now})
	return upload.Usage{InProgress: int(row.InProgress), Bytes: row.Bytes}, mapError(err, "account usage")
}

func (t *tx) PendingUploads(ctx context.Context, accountID string, limit int) ([]upload.Upload, error) {
	rows, err := t.q.PendingUploads(ctx, db.PendingUploadsParams{AccountID: accountID, RowLimit: int32(limit)}) //nolint:gosec // bounded: callers pass small constant batch sizes
	return toUploads(rows), mapError(err, "pending uploads")
}

func (t *tx) InsertUpload(ctx context.Context, accountID, actorID string, u upload.Upload) (upload.Upload, error) {
	row, err := t.q.InsertUpload(ctx, db.InsertUploadParams{
		ID: u.ID, AccountID: accountID, Name: u.Name, Size: u.Size, Key: u.Key,
		Transport: string(u.Transport), ExpiresTime: u.ExpiresTime, TokenID: u.TokenID, ActorID: actorID,
	})
	if pg.IsUniqueViolation(err) && pg.ConstraintName(err) == "uploads_token_idx" {
		return upload.Upload{}, upload.ErrTokenUsed
	}
	return toUpload(row), mapError(err, "insert upload")
}

func (t *tx) CompleteUpload(ctx context.Context, accountID, id string) (upload.Upload, error) {
	row, err := t.q.CompleteUpload(ctx, db.CompleteUploadParams{AccountID: accountID, ID: id})
	return toUpload(row), mapError(err, "complete upload")
}

func (t *tx) AbandonUpload(ctx context.Context, accountID, id string) error {
	return mapError(t.q.AbandonUpload(ctx, db.AbandonUploadParams{AccountID: accountID, ID: id}), "abandon upload")
}

func (t *tx) ReferenceUpload(ctx context.Context, accountID, id string) error {
	n, err := t.q.ReferenceUpload(ctx, db.ReferenceUploadParams{AccountID: accountID, ID: id})
	if err == nil && n == 0 {
		return apperr.ErrNotFound
	}
	return mapError(err, "reference upload")
}

func (t *tx) ReferenceUploadOnce(ctx context.Context, accountID, id string) (bool, error) {
	n, err := t.q.ReferenceUploadOnce(ctx, db.ReferenceUploadOnceParams{AccountID: accountID, ID: id})
	return n == 1, mapError(err, "reference upload once")
}

func (t *tx) SetTusID(ctx context.Context, accountID, id, tusID string) error {
	return mapError(t.q.SetTusID(ctx, db.SetTusIDParams{AccountID: accountID, ID: id, TusID: tusID}), "set tus id")
}

func (t *tx) MarkDeleted(ctx context.Context, accountID, actorID, id string) (upload.Upload, error) {
	row, err := t.q.MarkUploadDeleted(ctx, db.MarkUploadDeletedParams{AccountID: accountID, ID: id, ActorID: actorID})
	return toUpload(row), mapError(err, "delete upload")
}

func (t *tx) RemoveUpload(ctx context.Context, accountID, id string) error {
	return mapError(t.q.RemoveUpload(ctx, db.RemoveUploadParams{AccountID: accountID, ID: id}), "remove upload")
}

func (r reader) DeletedUploadsWithLiveURLs(ctx context.Context, since time.Time) ([]upload.Upload, error) {
	rows, err := r.q.DeletedUploadsWithLiveURLs(ctx, since)
	return toUploads(rows), mapError(err, "deleted uploads with live URLs")
}
