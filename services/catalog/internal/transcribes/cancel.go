package transcribes

import (
	"context"

	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
)

// Delete cancels a transcribe that is not settled, or removes a
// ready, errored or cancelled one; the track a ready one made stays, as
// any track does until it is deleted. A transcribe whose job was never
// sent is cancelled at once. One whose job was sent is cancelling: the
// worker is told (transcribe.cancels.<id>), and the account's slot stays
// held until its final report, so cancelling cannot start a second job of
// the account while the first still runs. Deleting a cancelling one again
// changes nothing. It reports whether it cancelled.
func (s *Service) Delete(ctx context.Context, p principal.Principal, id string) (cancelled bool, err error) {
	if err := catalog.CheckID(id); err != nil {
		return false, err
	}
	err = s.store.InTx(ctx, func(tx Tx) error {
		t, err := tx.LockTranscribe(ctx, p.AccountID, id)
		if err != nil {
			return err
		}
		switch {
		case finished(t):
			if err := tx.DeleteTranscribe(ctx, p.AccountID, id); err != nil {
				return err
			}
			return tx.Emit(ctx, catalog.NewEvent(p, catalog.Deleted, s.now(), t))
		case t.Status == catalog.TranscribeCancelling:
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
func (s *Service) cancelTranscribe(ctx context.Context, tx Tx, p principal.Principal, t catalog.Transcribe) error {
	now := s.now()
	running := jobMayRun(t, now)
	t.Status, t.Error = catalog.TranscribeCancelled, ""
	if running {
		t.Status = catalog.TranscribeCancelling
		if err := tx.EnqueueTranscribeCancel(ctx, catalog.TranscribeCancel{AccountID: t.AccountID, ActorID: p.ActorID, Time: now,
			TranscribeID: t.ID, VideoID: t.VideoID}); err != nil {
			return err
		}
	}
	t, err := tx.UpdateTranscribe(ctx, p.AccountID, p.ActorID, t)
	if err != nil {
		return err
	}
	if !running {
		if err := catalog.DispatchTranscribeJobs(ctx, tx, p.AccountID, s.now()); err != nil {
			return err
		}
	}
	return tx.Emit(ctx, catalog.NewEvent(p, catalog.Updated, s.now(), t))
}
