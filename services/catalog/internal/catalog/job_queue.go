package catalog

import (
	"context"
	"time"

	"github.com/vidhost/vidhost/pkg/principal"
)

// DefaultJobsPerAccount is how many transcode jobs of one account may be
// published to the shared work queue at once.
const DefaultJobsPerAccount = 2

// JobLease bounds how long a dispatched job holds its slot without a final
// report. Workers always report (or dead-letter and report), so this only
// matters if a report is lost; it is well above the worker's job timeout
// times its attempts, so a slow job is never counted twice.
const JobLease = 48 * time.Hour

// JobQueue is the per-account transcode queue, written inside a
// transaction. Jobs wait in the catalog's database until one of their
// account's slots is free, and are published to transcode.jobs (through
// the outbox, in the same transaction) when they take it. So a tenant that
// creates a thousand videos holds at most its limit of workers, and the
// other tenants' jobs go on; no job is lost, since a waiting job is a row
// committed with its video, and the one that frees a slot is committed with
// the report that freed it.
type JobQueue interface {
	// QueueJob stores job as waiting; DispatchJobs publishes it.
	QueueJob(ctx context.Context, job TranscodeJob) error
	// DispatchJobs locks the account's queue until the transaction ends,
	// then publishes its oldest waiting jobs until running reaches limit,
	// counting jobs dispatched after leaseStart as running. It returns how
	// many it published.
	DispatchJobs(ctx context.Context, accountID string, limit int, now, leaseStart time.Time) (int, error)
	// FinishJob frees the slot of videoID's running job and returns its
	// account ("" when no job of the video was running). accountID, when
	// not empty, must be the job's.
	FinishJob(ctx context.Context, accountID, videoID string) (string, error)
	// DropWaitingJob forgets the job of a deleted video if it never started.
	DropWaitingJob(ctx context.Context, accountID, videoID string) error
	// RunningJobOfVideo returns the id of videoID's job that was sent and
	// has not reported its end ("" when none).
	RunningJobOfVideo(ctx context.Context, accountID, videoID string) (string, error)
	// EnqueueTranscodeCancel records c in the transaction's outbox, for
	// transcode.cancels.<job id>.
	EnqueueTranscodeCancel(ctx context.Context, c TranscodeCancel) error
}

// queueJob queues job and dispatches what the account's free slots allow.
func (s *Service) queueJob(ctx context.Context, tx Tx, job TranscodeJob) error {
	if err := tx.QueueJob(ctx, job); err != nil {
		return err
	}
	return s.dispatchJobs(ctx, tx, job.AccountID)
}

// dispatchJobs fills the account's free slots from its waiting jobs.
func (s *Service) dispatchJobs(ctx context.Context, tx Tx, accountID string) error {
	now := s.now()
	_, err := tx.DispatchJobs(ctx, accountID, s.jobsPerAccount, now, now.Add(-JobLease))
	return err
}

// cancelJob tells the workers to stop the running job of a video, in the
// transaction that deletes it: a chunked job's units look the cancel up and
// stop within a heartbeat, so none writes files after the video's media
// folder is deleted. The job keeps its slot until its final report, as
// before. A video whose job ended (ready, error) or never started gets
// none.
func (s *Service) cancelJob(ctx context.Context, tx Tx, p principal.Principal, videoID string) error {
	jobID, err := tx.RunningJobOfVideo(ctx, p.AccountID, videoID)
	if err != nil || jobID == "" {
		return err
	}
	return tx.EnqueueTranscodeCancel(ctx, TranscodeCancel{AccountID: p.AccountID, ActorID: p.ActorID, Time: s.now(),
		JobID: jobID, VideoID: videoID})
}

// finishJob frees the slot of a video whose job ended and gives it to the
// account's next waiting job.
func (s *Service) finishJob(ctx context.Context, tx Tx, r MediaReport) error {
	if r.Kind != MediaCompleted && r.Kind != MediaFailed {
		return nil
	}
	accountID, err := tx.FinishJob(ctx, r.AccountID, r.VideoID)
	if err != nil || accountID == "" {
		return err
	}
	return s.dispatchJobs(ctx, tx, accountID)
}
