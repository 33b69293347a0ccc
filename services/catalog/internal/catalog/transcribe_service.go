package catalog

import (
	"context"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/principal"
)

// CreateTranscribe checks the request and the video, stores the transcribe
// as queued and enqueues its job, in one transaction. The video is locked
// meanwhile, so it cannot be deleted or change state between the check and
// the insert.
func (s *Service) CreateTranscribe(ctx context.Context, p principal.Principal, in TranscribeInput) (Transcribe, error) {
	in, err := in.validate(s.transcribeLanguages)
	if err != nil {
		return Transcribe{}, err
	}
	if err := checkID(in.VideoID); err != nil {
		return Transcribe{}, err
	}
	return commit(ctx, s, p, Created, func(tx Tx) (Transcribe, error) {
		v, err := tx.LockVideo(ctx, p.AccountID, in.VideoID)
		if err != nil {
			return Transcribe{}, err
		}
		if err := checkTranscribable(v); err != nil {
			return Transcribe{}, err
		}
		mp4, _ := progressiveMP4(v)
		source, err := blob.VideoKey(p.AccountID, v.ID, mp4)
		if err != nil {
			return Transcribe{}, err
		}
		t, err := tx.InsertTranscribe(ctx, p.AccountID, p.ActorID, Transcribe{ID: ids.New(), VideoID: v.ID,
			Language: in.Language, Label: in.Label, Kind: in.Kind, Status: TranscribeQueued, SourceObjectKey: source})
		if err != nil {
			return Transcribe{}, err
		}
		return t, s.dispatchTranscribes(ctx, tx, p.AccountID)
	})
}

// GetTranscribe reads one of the account's transcribes.
func (s *Service) GetTranscribe(ctx context.Context, p principal.Principal, id string) (Transcribe, error) {
	if err := checkID(id); err != nil {
		return Transcribe{}, err
	}
	return s.store.GetTranscribe(ctx, p.AccountID, id)
}

// ListTranscribes returns a page of the account's transcribes, oldest
// first, as every list is.
func (s *Service) ListTranscribes(ctx context.Context, p principal.Principal, f TranscribeFilter, req page.Request) ([]Transcribe, string, error) {
	if err := f.check(); err != nil {
		return nil, "", err
	}
	return page.List(req,
		func() ([]Transcribe, error) { return s.store.ListTranscribes(ctx, p.AccountID, f, req) },
		func(t Transcribe) page.Cursor { return page.Cursor{Time: t.CreatedTime, ID: t.ID} })
}

// DeleteTranscribe cancels a transcribe that is not settled, or removes a
// ready, errored or cancelled one; the track a ready one made stays, as
// any track does until it is deleted. A transcribe whose job was never
// sent is cancelled at once. One whose job was sent is cancelling: the
// worker is told (transcribe.cancels.<id>), and the account's slot stays
// held until its final report, so cancelling cannot start a second job of
// the account while the first still runs. Deleting a cancelling one again
// changes nothing. It reports whether it cancelled.
func (s *Service) DeleteTranscribe(ctx context.Context, p principal.Principal, id string) (cancelled bool, err error) {
	if err := checkID(id); err != nil {
		return false, err
	}
	err = s.store.InTx(ctx, func(tx Tx) error {
		t, err := tx.LockTranscribe(ctx, p.AccountID, id)
		if err != nil {
			return err
		}
		switch {
		case t.finished():
			if err := tx.DeleteTranscribe(ctx, p.AccountID, id); err != nil {
				return err
			}
			return tx.Emit(ctx, s.event(p, Deleted, t))
		case t.Status == TranscribeCancelling:
			cancelled = true
			return nil
		}
		cancelled = true
		return s.cancelTranscribe(ctx, tx, p, t)
	})
	return cancelled, err
}

// cancelTranscribe ends t, or marks it cancelling and cancels its job
// when a worker may hold it, in tx. Only a transcribe that ends frees the
// account's slot for the next.
func (s *Service) cancelTranscribe(ctx context.Context, tx Tx, p principal.Principal, t Transcribe) error {
	now := s.now()
	running := t.jobMayRun(now)
	t.Status, t.Error = TranscribeCancelled, ""
	if running {
		t.Status = TranscribeCancelling
		if err := tx.EnqueueTranscribeCancel(ctx, TranscribeCancel{AccountID: t.AccountID, ActorID: p.ActorID, Time: now,
			TranscribeID: t.ID, VideoID: t.VideoID}); err != nil {
			return err
		}
	}
	t, err := tx.UpdateTranscribe(ctx, p.AccountID, p.ActorID, t)
	if err != nil {
		return err
	}
	if !running {
		if err := s.dispatchTranscribes(ctx, tx, p.AccountID); err != nil {
			return err
		}
	}
	return tx.Emit(ctx, s.event(p, Updated, t))
}
