package catalog

import (
	"context"
	"time"

	"github.com/vidhost/vidhost/pkg/principal"
)

// TranscribesPerAccount is how many transcribe jobs of one account are on
// the shared work queue at once. One: a 3-hour video holds a worker for
// about 20 minutes, and another account's short job must not wait behind a
// tenant's batch of long ones. The others wait in the catalog's database
// as queued transcribes (TranscribeQueue.DispatchTranscribes).
const TranscribesPerAccount = 1

// DispatchTranscribeJobs sends the jobs of the account's oldest waiting
// transcribes while it has free slots, in tx: the transaction that queued
// a transcribe or ended one (or deleted a video with its transcribes), so
// no slot is ever freed without its successor being sent, and no job is
// sent for a rolled-back change.
func DispatchTranscribeJobs(ctx context.Context, tx TranscribeQueue, accountID string, now time.Time) error {
	due, err := tx.DispatchTranscribes(ctx, accountID, TranscribesPerAccount, now, now.Add(-JobLease))
	if err != nil {
		return err
	}
	for _, t := range due {
		err := tx.EnqueueTranscribeJob(ctx, TranscribeJob{AccountID: t.AccountID, ActorID: t.CreatedBy, Time: now,
			TranscribeID: t.ID, VideoID: t.VideoID, SourceObjectKey: t.SourceObjectKey, Language: t.Language})
		if err != nil {
			return err
		}
	}
	return nil
}

// cancelTranscribeJobs tells the workers to stop the jobs of a video's
// transcribes, in the transaction that deletes the video: its transcribes
// go with it (and their slot to the account's next), so the worker must not
// go on with a job nobody will see.
func (s *Service) cancelTranscribeJobs(ctx context.Context, tx Tx, p principal.Principal, videoID string) error {
	running, err := tx.RunningTranscribesOfVideo(ctx, p.AccountID, videoID)
	if err != nil {
		return err
	}
	now := s.now()
	for _, t := range running {
		err := tx.EnqueueTranscribeCancel(ctx, TranscribeCancel{AccountID: t.AccountID, ActorID: p.ActorID, Time: now,
			TranscribeID: t.ID, VideoID: t.VideoID})
		if err != nil {
			return err
		}
	}
	return nil
}
