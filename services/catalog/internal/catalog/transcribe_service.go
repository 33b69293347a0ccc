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
	return list(req,
		func() ([]Transcribe, error) { return s.store.ListTranscribes(ctx, p.AccountID, f, req) },
		func(t Transcribe) page.Cursor { return page.Cursor{Time: t.CreatedTime, ID: t.ID} })
}

// DeleteTranscribe cancels a queued or processing transcribe (it ends in
// error, "cancelled", and a report arriving later changes nothing) or
// removes a ready or errored one; the track a ready one made stays, as any
// track does until it is deleted. It reports whether it cancelled.
func (s *Service) DeleteTranscribe(ctx context.Context, p principal.Principal, id string) (cancelled bool, err error) {
	if err := checkID(id); err != nil {
		return false, err
	}
	err = s.store.InTx(ctx, func(tx Tx) error {
		t, err := tx.LockTranscribe(ctx, p.AccountID, id)
		if err != nil {
			return err
		}
		if t.finished() {
			if err := tx.DeleteTranscribe(ctx, p.AccountID, id); err != nil {
				return err
			}
			return tx.Emit(ctx, s.event(p, Deleted, t))
		}
		cancelled = true
		t.Status, t.Error = TranscribeError, TranscribeCancelled
		if t, err = tx.UpdateTranscribe(ctx, p.AccountID, p.ActorID, t); err != nil {
			return err
		}
		if err := s.dispatchTranscribes(ctx, tx, p.AccountID); err != nil {
			return err
		}
		return tx.Emit(ctx, s.event(p, Updated, t))
	})
	return cancelled, err
}
