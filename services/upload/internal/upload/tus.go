package upload

import (
	"context"
	"errors"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/principal"
)

// RecordTusID remembers tusd's id of a tus upload: discarding its staging
// later needs it (the S3 store's id carries the multipart upload id).
func (s *Service) RecordTusID(ctx context.Context, accountID, id, tusID string) error {
	return s.store.InTx(ctx, func(tx Tx) error {
		return tx.SetTusID(ctx, accountID, id, tusID)
	})
}

// FinishTus completes a tus upload whose last bytes arrived: store puts them
// at the upload's key (or checks they are there), then the upload becomes
// complete and resolvable. Finishing twice is harmless. If the upload was
// deleted while its bytes arrived, what store wrote is removed again.
func (s *Service) FinishTus(ctx context.Context, p principal.Principal, id string, store func(context.Context, Upload) error) (Upload, error) {
	u, err := s.GetUpload(ctx, p, id)
	switch {
	case err != nil:
		return Upload{}, err
	case u.Transport != TransportTus:
		return Upload{}, apperr.ErrNotFound
	case u.State == StateComplete:
		return u, nil
	}
	if err := store(ctx, u); err != nil {
		return Upload{}, err
	}
	var done Upload
	err = s.store.InTx(ctx, func(tx Tx) error {
		var err error
		done, err = s.complete(ctx, tx, u, p.ActorID, s.now())
		return err
	})
	if !errors.Is(err, apperr.ErrNotFound) {
		return done, err
	}
	// Not pending any more: completed by a concurrent Resolve, or deleted.
	if current, err := s.store.GetUpload(ctx, p.AccountID, id); err == nil {
		return current, nil
	}
	return Upload{}, errors.Join(apperr.ErrNotFound, s.removeFiles(ctx, u))
}
