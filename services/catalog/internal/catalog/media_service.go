package catalog

import (
	"context"
	"errors"

	"github.com/vidhost/vidhost/pkg/apperr"
)

// ApplyMediaReport applies a transcode worker's report to its video and,
// if the video changed, announces it with video.updated, in one
// transaction. A final report also frees its job's slot and dispatches the
// account's next waiting job, in the same transaction. It reports whether
// the video changed. A report about a video that no longer exists is
// apperr.ErrNotFound (its slot is freed all the same).
func (s *Service) ApplyMediaReport(ctx context.Context, r MediaReport) (bool, error) {
	applied, gone := false, false
	err := s.store.InTx(ctx, func(tx Tx) error {
		if err := s.finishJob(ctx, tx, r); err != nil {
			return err
		}
		current, err := tx.LockVideoForMedia(ctx, r.AccountID, r.VideoID)
		if errors.Is(err, apperr.ErrNotFound) {
			gone = true // commit the freed slot
			return nil
		}
		if err != nil {
			return err
		}
		next, changed := r.apply(current)
		if !changed {
			return nil
		}
		// The service made this change, not a user: updated_by is empty.
		saved, err := tx.UpdateVideo(ctx, current.AccountID, "", next)
		if err != nil {
			return err
		}
		applied = true
		return tx.Emit(ctx, Event{Kind: Updated, AccountID: saved.AccountID, Time: s.now(), Resource: s.media.render(saved)})
	})
	if err == nil && gone {
		err = apperr.ErrNotFound
	}
	return applied, err
}

// PlaybackVideo returns a video by id alone, for the public playback edge,
// which enforces privacy and enabled itself. Media stay paths: the edge
// signs URLs for them.
func (s *Service) PlaybackVideo(ctx context.Context, videoID string) (Video, error) {
	if err := checkID(videoID); err != nil {
		return Video{}, err
	}
	return s.store.FindVideo(ctx, videoID)
}
