package catalog

import (
	"context"
	"errors"
	"fmt"

	"github.com/vidhost/vidhost/pkg/apperr"
)

// ErrReportAccount is a media report that does not name its video's
// account: forged or misrouted, it is never applied.
var ErrReportAccount = errors.New("media report does not name the video's account")

// ApplyMediaReport applies a transcode worker's report to its video and,
// if the video changed, announces it with video.updated, in one
// transaction. A final report also frees its job's slot and dispatches the
// account's next waiting job, in the same transaction. It reports whether
// the video changed. A report about a video that no longer exists is
// apperr.ErrNotFound (its slot is freed all the same, and files the worker
// wrote after the video was deleted are deleted); one whose account is
// missing or not the video's is ErrReportAccount.
func (s *Service) ApplyMediaReport(ctx context.Context, r MediaReport) (bool, error) {
	if r.AccountID == "" {
		return false, ErrReportAccount
	}
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
		if r.Kind == MediaLiveEnded && saved.Status == StatusProcessing {
			// The recording goes through the VOD ladder, as an upload would,
			// on behalf of whoever created the event.
			job := TranscodeJob{AccountID: saved.AccountID, ActorID: saved.CreatedBy, Time: s.now(), VideoID: saved.ID,
				SourceObjectKey: r.Recording, Transcoder: saved.jobProfile()}
			if err := s.queueJob(ctx, tx, job); err != nil {
				return err
			}
		}
		rendered, now := s.media.Render(saved), s.now()
		if err := tx.Emit(ctx, Event{Kind: Updated, AccountID: saved.AccountID, Time: now, Resource: rendered}); err != nil {
			return err
		}
		if settled, ok := settledKind(current, saved); ok {
			return tx.Emit(ctx, Event{Kind: settled, AccountID: saved.AccountID, Time: now, Resource: rendered})
		}
		return nil
	})
	if err == nil && gone {
		return false, s.reportForNoVideo(ctx, r)
	}
	return applied, err
}

// settledKind is Ready or Failed when a report took the video from
// transcoding to ready or error. Both are final (MediaReport.apply), so a
// video settles once and its event is emitted once.
func settledKind(before, after Video) (EventKind, bool) {
	if before.Status == after.Status {
		return 0, false
	}
	switch after.Status {
	case StatusReady:
		return Ready, true
	case StatusError:
		return Failed, true
	}
	return 0, false
}

// reportForNoVideo handles a report about a video that is not there. A
// worker still running when its video was deleted may have written
// outputs after video.deleted's clean-up, and every report (the final one
// last) comes after the files it names are written: so the video's media
// folder is deleted again, and a failure is returned to be retried. A
// transcode job's source was its input and is not written again
// (video.deleted's clean-up deleted it); a live run's recording is written
// at its end, so it is deleted here too.
func (s *Service) reportForNoVideo(ctx context.Context, r MediaReport) error {
	err := s.whyNoVideo(ctx, r)
	if !errors.Is(err, apperr.ErrNotFound) {
		return err
	}
	// A live event deleted while live: its run uploaded the last segments
	// and the recording after video.deleted's clean-up; they go now.
	gone := DeletedMedia{AccountID: r.AccountID, VideoID: r.VideoID, SourceObjectKey: r.Recording}
	if err := s.DeleteVideoMedia(ctx, gone, nil); err != nil {
		return err
	}
	return apperr.ErrNotFound
}

// whyNoVideo tells a report about a deleted video (nothing to do) from one
// naming another account's video (refused, so someone looks at it).
func (s *Service) whyNoVideo(ctx context.Context, r MediaReport) error {
	v, err := s.store.FindVideo(ctx, r.VideoID)
	switch {
	case err == nil && v.AccountID != r.AccountID:
		return fmt.Errorf("%w (report names account %q)", ErrReportAccount, r.AccountID)
	case err != nil && !errors.Is(err, apperr.ErrNotFound):
		return err
	}
	return apperr.ErrNotFound
}

// PlaybackVideo returns a video by id alone, for the public playback edge,
// which enforces privacy and enabled itself. Media stay paths: the edge
// signs URLs for them.
func (s *Service) PlaybackVideo(ctx context.Context, videoID string) (Video, error) {
	if err := CheckID(videoID); err != nil {
		return Video{}, err
	}
	return s.store.FindVideo(ctx, videoID)
}
