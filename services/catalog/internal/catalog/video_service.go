package catalog

import (
	"context"
	"slices"

	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/principal"
)

// CreateVideo validates and stores a new video and announces it with
// video.created. A vod also gets its transcode job in the same
// transaction; an event its stream key, and its input (the RTMP ingest URL)
// is shown at once (docs/live.md).
func (s *Service) CreateVideo(ctx context.Context, p principal.Principal, in VideoInput) (Video, error) {
	v := in.Video()
	if err := v.Validate(); err != nil {
		return Video{}, err
	}
	// Categories before the source: resolving an upload hands its file to
	// this video, which must not happen for a request refused afterwards.
	if err := checkCategoriesExist(ctx, s.store, p.AccountID, v.Categories); err != nil {
		return Video{}, err
	}
	chooseProfile(p, &v)
	job, err := s.prepareSource(ctx, p, &v, in.Input)
	if err != nil {
		return Video{}, err
	}
	v.ID, v.AccountID = ids.New(), p.AccountID
	saved, err := s.commitVideo(ctx, p, Created, func(tx Tx) (Video, error) {
		saved, err := tx.InsertVideo(ctx, p.AccountID, p.ActorID, v)
		if err != nil {
			return saved, err
		}
		if saved.Type == TypeEvent {
			return saved, s.issueStreamKey(ctx, tx, p, saved)
		}
		job.VideoID, job.AccountID, job.ActorID, job.Time = saved.ID, p.AccountID, p.ActorID, s.now()
		return saved, s.queueJob(ctx, tx, *job)
	})
	if err != nil {
		return Video{}, err
	}
	return s.withIngestURL(ctx, p, saved)
}

// GetVideo returns one video of the principal's account.
func (s *Service) GetVideo(ctx context.Context, p principal.Principal, id string) (Video, error) {
	if err := CheckID(id); err != nil {
		return Video{}, err
	}
	v, err := s.store.GetVideo(ctx, p.AccountID, id)
	if err != nil {
		return Video{}, err
	}
	return s.withIngestURL(ctx, p, s.media.Render(v))
}

// ListVideos returns a page of the account's videos matching f, oldest
// first or, with f.Sort, newest first.
func (s *Service) ListVideos(ctx context.Context, p principal.Principal, f VideoFilter, req page.Request) ([]Video, string, error) {
	if err := f.Validate(); err != nil {
		return nil, "", err
	}
	items, next, err := page.List(req,
		func() ([]Video, error) { return s.store.ListVideos(ctx, p.AccountID, f, req) },
		func(v Video) page.Cursor { return page.Cursor{Time: v.CreatedTime, ID: v.ID} })
	for i := range items {
		items[i] = s.media.Render(items[i])
	}
	return items, next, err
}

// UpdateVideo applies patch and announces the result with video.updated.
func (s *Service) UpdateVideo(ctx context.Context, p principal.Principal, id string, patch Patch[Video]) (Video, error) {
	if err := checkRefused(patch.Paths, videoRefused); err != nil {
		return Video{}, err
	}
	if err := patch.check(videoFields, "video"); err != nil {
		return Video{}, err
	}
	if err := CheckID(id); err != nil {
		return Video{}, err
	}
	updated, err := s.commitVideo(ctx, p, Updated, func(tx Tx) (Video, error) {
		current, err := tx.LockVideo(ctx, p.AccountID, id)
		if err != nil {
			return Video{}, err
		}
		next := patch.apply(current, videoFields).normalize()
		if err := next.Validate(); err != nil {
			return Video{}, err
		}
		// Only categories sent now must exist: one deleted since stays on
		// its videos (see README) and must not block other changes.
		if slices.Contains(patch.Paths, "categories") {
			if err := checkCategoriesExist(ctx, s.store, p.AccountID, next.Categories); err != nil {
				return Video{}, err
			}
		}
		return tx.UpdateVideo(ctx, p.AccountID, p.ActorID, next)
	})
	if err != nil {
		return Video{}, err
	}
	return s.withIngestURL(ctx, p, updated)
}

// DeleteVideo removes a video with everything attached to it and
// announces its last state with video.deleted, on which other services
// delete its files.
func (s *Service) DeleteVideo(ctx context.Context, p principal.Principal, id string) error {
	if err := CheckID(id); err != nil {
		return err
	}
	_, err := s.commitVideo(ctx, p, Deleted, func(tx Tx) (Video, error) {
		if err := tx.DropWaitingJob(ctx, p.AccountID, id); err != nil {
			return Video{}, err
		}
		if err := s.cancelJob(ctx, tx, p, id); err != nil {
			return Video{}, err
		}
		if err := s.cancelTranscribeJobs(ctx, tx, p, id); err != nil {
			return Video{}, err
		}
		v, err := tx.DeleteVideo(ctx, p.AccountID, id)
		if err != nil {
			return Video{}, err
		}
		// Its transcribes went with it; one of them may have held the
		// account's transcribe slot, which goes to the next waiting one.
		return v, DispatchTranscribeJobs(ctx, tx, p.AccountID, s.now())
	})
	return err
}

// commitVideo is commit for videos: the result, and the event that
// announces it, carry rendered media URLs.
func (s *Service) commitVideo(ctx context.Context, p principal.Principal, kind EventKind, write func(Tx) (Video, error)) (Video, error) {
	return commit(ctx, s, p, kind, func(tx Tx) (Video, error) {
		v, err := write(tx)
		if err != nil {
			return Video{}, err
		}
		return s.media.Render(v), nil
	})
}
