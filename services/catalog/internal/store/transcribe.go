package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgtype"

	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
	"github.com/vidhost/vidhost/services/catalog/internal/events"
	"github.com/vidhost/vidhost/services/catalog/internal/store/db"
	"github.com/vidhost/vidhost/services/catalog/internal/transcribes"
)

func (r reader) GetTranscribe(ctx context.Context, accountID, id string) (catalog.Transcribe, error) {
	row, err := r.q.GetTranscribe(ctx, db.GetTranscribeParams{AccountID: accountID, ID: id})
	if err != nil {
		return catalog.Transcribe{}, mapError(err, "get transcribe")
	}
	return transcribe(row), nil
}

func (r reader) ListTranscribes(ctx context.Context, accountID string, f transcribes.Filter, req page.Request) ([]catalog.Transcribe, error) {
	rows, err := r.q.ListTranscribes(ctx, db.ListTranscribesParams{
		AccountID: accountID, VideoID: f.VideoID, Status: f.Status,
		AfterTime: req.Cursor.Time, AfterID: req.Cursor.ID, RowLimit: req.FetchLimit(),
	})
	if err != nil {
		return nil, mapError(err, "list transcribes")
	}
	return mapRows(rows, transcribe), nil
}

func (w writer) InsertTranscribe(ctx context.Context, accountID, actorID string, t catalog.Transcribe) (catalog.Transcribe, error) {
	row, err := w.q.InsertTranscribe(ctx, db.InsertTranscribeParams{
		ID: t.ID, AccountID: accountID, VideoID: t.VideoID, Language: t.Language, Label: t.Label, Kind: t.Kind,
		Status: t.Status, SourceObjectKey: t.SourceObjectKey, ActorID: actorID,
	})
	if err != nil {
		return catalog.Transcribe{}, mapError(err, "insert transcribe")
	}
	return transcribe(row), nil
}

func (w writer) LockTranscribe(ctx context.Context, accountID, id string) (catalog.Transcribe, error) {
	row, err := w.q.LockTranscribe(ctx, db.LockTranscribeParams{AccountID: accountID, ID: id})
	if err != nil {
		return catalog.Transcribe{}, mapError(err, "lock transcribe")
	}
	return transcribe(row), nil
}

func (w writer) UpdateTranscribe(ctx context.Context, accountID, actorID string, t catalog.Transcribe) (catalog.Transcribe, error) {
	row, err := w.q.UpdateTranscribe(ctx, db.UpdateTranscribeParams{
		AccountID: accountID, ID: t.ID, Status: t.Status,
		Progress: int32(t.Progress), //nolint:gosec // bounded: 0-100
		TrackID:  t.TrackID, Error: t.Error, ActorID: actorID,
	})
	if err != nil {
		return catalog.Transcribe{}, mapError(err, "update transcribe")
	}
	return transcribe(row), nil
}

func (w writer) DeleteTranscribe(ctx context.Context, accountID, id string) error {
	_, err := w.q.DeleteTranscribe(ctx, db.DeleteTranscribeParams{AccountID: accountID, ID: id})
	return mapError(err, "delete transcribe")
}

func (w writer) DispatchTranscribes(ctx context.Context, accountID string, limit int, now, leaseStart time.Time) ([]catalog.Transcribe, error) {
	if err := w.q.LockTranscribeQueue(ctx, accountID); err != nil {
		return nil, mapError(err, "lock transcribe queue")
	}
	if err := w.q.SettleLostCancels(ctx, db.SettleLostCancelsParams{AccountID: accountID, LeaseStart: leaseStart}); err != nil {
		return nil, mapError(err, "settle lost transcribe cancels")
	}
	running, err := w.q.CountRunningTranscribes(ctx, db.CountRunningTranscribesParams{AccountID: accountID, LeaseStart: leaseStart})
	if err != nil {
		return nil, mapError(err, "count running transcribes")
	}
	free := int64(limit) - running
	if free <= 0 {
		return nil, nil
	}
	rows, err := w.q.DispatchTranscribes(ctx, db.DispatchTranscribesParams{
		Now: now, AccountID: accountID,
		MaxJobs: int32(free), //nolint:gosec // bounded: free is at most limit, a small setting
	})
	if err != nil {
		return nil, mapError(err, "dispatch transcribes")
	}
	return mapRows(rows, transcribe), nil
}

// EnqueueTranscribeJob adds the job to the transaction's outbox: the relay
// publishes it on transcribe.jobs once the transcribe is committed.
func (t *tx) EnqueueTranscribeJob(ctx context.Context, job catalog.TranscribeJob) error {
	msg, err := events.TranscribeJobMessage(job)
	if err != nil {
		return err
	}
	return outbox.Enqueue(ctx, t.pgTx, msg)
}

// EnqueueTranscribeCancel adds the cancel to the transaction's outbox: the
// relay publishes it on transcribe.cancels.<id> once the change commits.
func (t *tx) EnqueueTranscribeCancel(ctx context.Context, c catalog.TranscribeCancel) error {
	msg, err := events.TranscribeCancelMessage(c)
	if err != nil {
		return err
	}
	return outbox.Enqueue(ctx, t.pgTx, msg)
}

func (w writer) RunningTranscribesOfVideo(ctx context.Context, accountID, videoID string) ([]catalog.Transcribe, error) {
	rows, err := w.q.RunningTranscribesOfVideo(ctx, db.RunningTranscribesOfVideoParams{AccountID: accountID, VideoID: videoID})
	if err != nil {
		return nil, mapError(err, "running transcribes of video")
	}
	return mapRows(rows, transcribe), nil
}

func transcribe(row db.Transcribe) catalog.Transcribe {
	return catalog.Transcribe{
		ID: row.ID, AccountID: row.AccountID, VideoID: row.VideoID, Language: row.Language, Label: row.Label,
		Kind: row.Kind, Status: row.Status, Progress: int(row.Progress), TrackID: row.TrackID, Error: row.Error,
		SourceObjectKey: row.SourceObjectKey, DispatchedTime: nullableTime(row.DispatchedTime),
		Audit: audit(row.CreatedBy, row.CreatedTime, row.UpdatedBy, row.UpdatedTime),
	}
}

// nullableTime is a nullable time column, zero when NULL (a job not yet
// sent, an output never reported).
func nullableTime(t pgtype.Timestamptz) time.Time {
	if !t.Valid {
		return time.Time{}
	}
	return t.Time.UTC()
}
