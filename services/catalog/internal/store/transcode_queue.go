package store

import (
	"context"
	"time"

	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
	"github.com/vidhost/vidhost/services/catalog/internal/events"
	"github.com/vidhost/vidhost/services/catalog/internal/store/db"
)

// QueueJob encodes job now, so a waiting job is published exactly as it
// was made, and stores it as waiting.
func (t *tx) QueueJob(ctx context.Context, job catalog.TranscodeJob) error {
	msg, err := events.JobMessage(job)
	if err != nil {
		return err
	}
	err = t.q.QueueTranscodeJob(ctx, db.QueueTranscodeJobParams{
		VideoID: job.VideoID, AccountID: job.AccountID, JobID: msg.ID, Subject: msg.Subject,
		Payload: msg.Payload, CreatedTime: job.Time,
	})
	return mapError(err, "queue transcode job")
}

// DispatchJobs moves the account's oldest waiting jobs to the outbox while
// it has free slots, under a per-account advisory lock.
func (t *tx) DispatchJobs(ctx context.Context, accountID string, limit int, now, leaseStart time.Time) (int, error) {
	if err := t.q.LockTranscodeQueue(ctx, accountID); err != nil {
		return 0, mapError(err, "lock transcode queue")
	}
	running, err := t.q.CountRunningTranscodeJobs(ctx, db.CountRunningTranscodeJobsParams{AccountID: accountID, LeaseStart: leaseStart})
	if err != nil {
		return 0, mapError(err, "count running transcode jobs")
	}
	free := int32(limit) - int32(running) //nolint:gosec // bounded: the per-account job limit is a small configured count
	if free <= 0 {
		return 0, nil
	}
	rows, err := t.q.DispatchTranscodeJobs(ctx, db.DispatchTranscodeJobsParams{AccountID: accountID, Now: now, MaxJobs: free})
	if err != nil {
		return 0, mapError(err, "dispatch transcode jobs")
	}
	msgs := make([]outbox.Message, len(rows))
	for i, row := range rows {
		msgs[i] = outbox.Message{ID: row.JobID, Subject: row.Subject, Payload: row.Payload}
	}
	return len(msgs), outbox.Enqueue(ctx, t.pgTx, msgs...)
}

// FinishJob frees the slot of videoID's running job.
func (t *tx) FinishJob(ctx context.Context, accountID, videoID string) (string, error) {
	accounts, err := t.q.FinishTranscodeJob(ctx, db.FinishTranscodeJobParams{AccountID: accountID, VideoID: videoID})
	if err != nil || len(accounts) == 0 {
		return "", mapError(err, "finish transcode job")
	}
	return accounts[0], nil
}

// DropWaitingJob forgets a deleted video's job that never started.
func (t *tx) DropWaitingJob(ctx context.Context, accountID, videoID string) error {
	err := t.q.DropWaitingTranscodeJob(ctx, db.DropWaitingTranscodeJobParams{AccountID: accountID, VideoID: videoID})
	return mapError(err, "drop waiting transcode job")
}

// RunningJobOfVideo returns the id of videoID's sent, unfinished job.
func (t *tx) RunningJobOfVideo(ctx context.Context, accountID, videoID string) (string, error) {
	ids, err := t.q.RunningTranscodeJobOfVideo(ctx, db.RunningTranscodeJobOfVideoParams{AccountID: accountID, VideoID: videoID})
	if err != nil || len(ids) == 0 {
		return "", mapError(err, "running transcode job of video")
	}
	return ids[0], nil
}

// EnqueueTranscodeCancel adds the cancel to the transaction's outbox: the
// workers learn of it only if the video's deletion commits.
func (t *tx) EnqueueTranscodeCancel(ctx context.Context, c catalog.TranscodeCancel) error {
	msg, err := events.TranscodeCancelMessage(c)
	if err != nil {
		return err
	}
	return outbox.Enqueue(ctx, t.pgTx, msg)
}
