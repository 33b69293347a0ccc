package transcribes

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
)

// errTranscribeSettled ends the completing transaction of a transcribe
// that was cancelled (or completed) meanwhile: nothing is stored.
var errTranscribeSettled = errors.New("catalog: transcribe settled meanwhile")

// ApplyReport applies a transcode worker's report to its
// transcribe, idempotently: progress moves a queued transcribe to
// processing, failed ends it in error, completed stores the WebVTT as an
// ordinary track of the video (as catalog's CreateTrack stores an uploaded one) and
// ends it ready with the track's id. A final report about a cancelling
// transcribe ends it cancelled, adding no track, and frees its slot. A report about a transcribe that is
// gone, cancelled or already settled changes nothing; the WebVTT a
// completed one names is deleted all the same. A report whose account or
// video is not its transcribe's is ErrReportAccount, one naming another
// file ErrReportFile.
func (s *Service) ApplyReport(ctx context.Context, r Report) error {
	if r.AccountID == "" {
		return catalog.ErrReportAccount
	}
	if r.Kind == catalog.MediaCompleted {
		return s.completeTranscribe(ctx, r)
	}
	return s.store.InTx(ctx, func(tx Tx) error {
		t, err := lockReported(ctx, tx, r)
		if err != nil {
			return ignoreGone(err)
		}
		next, changed := r.apply(t)
		if !changed {
			return nil
		}
		if _, err = tx.UpdateTranscribe(ctx, t.AccountID, "", next); err != nil || !finished(next) {
			return err
		}
		return catalog.DispatchTranscribeJobs(ctx, tx, t.AccountID, s.now())
	})
}

// lockReported locks the transcribe r is about, checking that r names its
// account and video.
func lockReported(ctx context.Context, tx Tx, r Report) (catalog.Transcribe, error) {
	t, err := tx.LockTranscribe(ctx, "", r.TranscribeID)
	if err != nil {
		return catalog.Transcribe{}, err
	}
	if t.AccountID != r.AccountID || t.VideoID != r.VideoID {
		return catalog.Transcribe{}, catalog.ErrReportAccount
	}
	return t, nil
}

// ignoreGone makes "the transcribe is gone" (deleted, or its video was)
// a report applied: nothing will ever change.
func ignoreGone(err error) error {
	if errors.Is(err, apperr.ErrNotFound) {
		return nil
	}
	return err
}

// completeTranscribe stores the WebVTT the worker wrote as a track, then
// deletes the worker's file. The track's file is written before the
// transaction that adds the track (as catalog's CreateTrack does) and deleted again
// if that transaction does not commit.
func (s *Service) completeTranscribe(ctx context.Context, r Report) error {
	want, err := blob.VideoKey(r.AccountID, r.VideoID, transcribePath(r.TranscribeID))
	if err != nil || r.VTTKey != want {
		return ErrReportFile
	}
	var t catalog.Transcribe
	// A short transaction only to read it by id and check the report's
	// account and video, as the other reports are checked.
	err = s.store.InTx(ctx, func(tx Tx) error {
		var err error
		t, err = lockReported(ctx, tx, r)
		return err
	})
	switch {
	case errors.Is(err, apperr.ErrNotFound):
		s.files.Remove(ctx, r.AccountID, r.VideoID, transcribePath(r.TranscribeID))
		return nil
	case err != nil:
		return err
	case finished(t):
		// Cancelled, or this report was applied before: only the file is left.
		s.files.Remove(ctx, r.AccountID, r.VideoID, transcribePath(r.TranscribeID))
		return nil
	case t.Status == catalog.TranscribeCancelling:
		// The worker finished before it saw the cancel: the transcribe ends
		// cancelled, its slot is freed, and the file goes.
		if err := s.ApplyReport(ctx, r.failedWith(catalog.TranscribeCancelled)); err != nil {
			return err
		}
		s.files.Remove(ctx, r.AccountID, r.VideoID, transcribePath(r.TranscribeID))
		return nil
	}
	data, err := s.files.Read(ctx, r.VTTKey, catalog.TrackFileMaxSize, errTranscriptTooLarge)
	if err != nil || catalog.CheckWebVTT(data) != nil {
		if err != nil && !errors.Is(err, blob.ErrNotFound) && !errors.Is(err, errTranscriptTooLarge) {
			return err // the blob store failed: retry
		}
		if err := s.ApplyReport(ctx, r.failedWith(reasonTranscriptUnreadable, transcriptProblem(err))); err != nil {
			return err
		}
		s.files.Remove(ctx, r.AccountID, r.VideoID, transcribePath(r.TranscribeID))
		return nil
	}
	if err := s.addTranscribedTrack(ctx, t, data); err != nil {
		return err
	}
	s.files.Remove(ctx, r.AccountID, r.VideoID, transcribePath(r.TranscribeID))
	return nil
}

// errTranscriptTooLarge refuses a WebVTT larger than a track may be.
var errTranscriptTooLarge = errors.New("it is larger than a track may be")

// transcriptProblem says, for a person, why a transcript was refused.
func transcriptProblem(err error) string {
	switch {
	case err == nil:
		return "it is not valid WebVTT"
	case errors.Is(err, blob.ErrNotFound):
		return "the file no longer exists"
	}
	return strings.TrimPrefix(err.Error(), "catalog: ")
}

// addTranscribedTrack stores data as a new track of t's video and marks t
// ready with it, announcing the video's change with video.updated. A video
// with no room left ends t in error instead.
func (s *Service) addTranscribedTrack(ctx context.Context, t catalog.Transcribe, data []byte) error {
	track := catalog.Track{ID: ids.New(), Kind: t.Kind, Label: t.Label, Language: trackLanguage(t.Language)}
	track.Path = "tracks/" + track.ID + ".vtt"
	key, err := blob.VideoKey(t.AccountID, t.VideoID, track.Path)
	if err != nil {
		return err
	}
	if err := s.files.Put(ctx, key, data, catalog.TrackContentType); err != nil {
		return err
	}
	attached := false
	err = s.store.InTx(ctx, func(tx Tx) error {
		var err error
		attached, err = s.attachTrack(ctx, tx, t, track)
		return err
	})
	if err != nil || !attached {
		s.files.Remove(ctx, t.AccountID, t.VideoID, track.Path)
	}
	if errors.Is(err, errTranscribeSettled) || errors.Is(err, apperr.ErrNotFound) {
		return nil
	}
	return err
}

// attachTrack adds track to t's video and marks t ready, in tx. A video
// with no room left for it ends t in error and attaches nothing.
func (s *Service) attachTrack(ctx context.Context, tx Tx, t catalog.Transcribe, track catalog.Track) (bool, error) {
	current, err := tx.LockTranscribe(ctx, t.AccountID, t.ID)
	if err != nil {
		return false, err
	}
	if finished(current) {
		return false, errTranscribeSettled
	}
	if current.Status == catalog.TranscribeCancelling {
		// Cancelled while the track's file was written: nothing is attached.
		next, _ := settleCancel(current, catalog.MediaCompleted)
		if _, err := tx.UpdateTranscribe(ctx, t.AccountID, "", next); err != nil {
			return false, err
		}
		return false, catalog.DispatchTranscribeJobs(ctx, tx, t.AccountID, s.now())
	}
	v, err := tx.LockVideo(ctx, t.AccountID, t.VideoID)
	if err != nil {
		return false, err
	}
	next := current
	if err := catalog.AddTrack(&v, track); err != nil {
		next.Status, next.Error = catalog.TranscribeError, fmt.Sprintf(reasonNoTrackRoom, catalog.TracksMax)
		if _, err := tx.UpdateTranscribe(ctx, t.AccountID, "", next); err != nil {
			return false, err
		}
		return false, catalog.DispatchTranscribeJobs(ctx, tx, t.AccountID, s.now())
	}
	saved, err := tx.UpdateVideo(ctx, t.AccountID, "", v)
	if err != nil {
		return false, err
	}
	next.Status, next.Progress, next.TrackID, next.Error = catalog.TranscribeReady, 100, track.ID, ""
	if _, err := tx.UpdateTranscribe(ctx, t.AccountID, "", next); err != nil {
		return false, err
	}
	if err := catalog.DispatchTranscribeJobs(ctx, tx, t.AccountID, s.now()); err != nil {
		return false, err
	}
	return true, tx.Emit(ctx, catalog.Event{Kind: catalog.Updated, AccountID: saved.AccountID, Time: s.now(), Resource: s.media.Render(saved)})
}
