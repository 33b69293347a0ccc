package catalog

import (
	"context"

	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/principal"
)

// CreateClipVideo stores an instant clip that internal/clips made of a live
// event: v, a new vod, and job, its transcode job, queued in the same
// transaction as any vod's, announced with video.created and audited as a
// creation. The job takes v's transcoding profile.
func (s *Service) CreateClipVideo(ctx context.Context, p principal.Principal, v Video, job TranscodeJob) (Video, error) {
	v.Type, v.Status, v.Enabled = TypeVOD, StatusPreparing, true
	v = v.normalize()
	if err := v.Validate(); err != nil {
		return Video{}, err
	}
	v.ID, v.AccountID = ids.New(), p.AccountID
	return s.commitVideo(ctx, p, Created, func(tx Tx) (Video, error) {
		saved, err := tx.InsertVideo(ctx, p.AccountID, p.ActorID, v)
		if err != nil {
			return saved, err
		}
		job.VideoID, job.AccountID, job.ActorID, job.Time = saved.ID, p.AccountID, p.ActorID, s.now()
		job.Transcoder = saved.jobProfile()
		return saved, s.queueJob(ctx, tx, job)
	})
}
