package upload

import (
	"context"
	"errors"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/principal"
)

// Resolution is what a reference resolves to: a complete object.
type Resolution struct {
	UploadID  string
	ObjectKey string
	Size      int64
	Name      string
}

// Resolve checks that ref names an upload of the principal's account, of
// kind want, whose bytes arrived complete, and marks it referenced: its
// object belongs to the consumer from then on. field is the caller's field
// that carried ref ("input" when empty); every error is a 400 naming it.
func (s *Service) Resolve(ctx context.Context, p principal.Principal, ref string, want Kind, field string) (Resolution, error) {
	if field == "" {
		field = "input"
	}
	if want == KindUnknown {
		return Resolution{}, apperr.InvalidField("kind", "must be video, thumbnail or track")
	}
	id, err := parseReference(field, ref)
	if err != nil {
		return Resolution{}, err
	}
	u, err := s.store.GetUpload(ctx, p.AccountID, id)
	if errors.Is(err, apperr.ErrNotFound) {
		return Resolution{}, errMissing(field)
	}
	if err != nil {
		return Resolution{}, err
	}
	if err := checkTokenReference(p, u, field); err != nil {
		return Resolution{}, err
	}
	if u.Kind() != want {
		return Resolution{}, errWrongKind(field, want, u.Kind())
	}
	if err := s.reference(ctx, p, u, field); err != nil {
		return Resolution{}, err
	}
	return Resolution{UploadID: u.ID, ObjectKey: u.Key, Size: u.Size, Name: u.Name}, nil
}

// reference checks the bytes (even of a complete upload: the consumer
// needs them now), completes the upload if this is how the service learns
// they arrived, and records the reference.
func (s *Service) reference(ctx context.Context, p principal.Principal, u Upload, field string) error {
	arrived, err := s.arrived(ctx, u)
	if err != nil {
		return err
	}
	if !arrived {
		return errIncomplete(field)
	}
	return s.store.InTx(ctx, func(tx Tx) error {
		if u.State != StateComplete {
			if _, err := s.complete(ctx, tx, u, p.ActorID, s.now()); err != nil {
				return missingIfGone(err, field)
			}
		}
		if p.UploadToken == "" {
			return tx.ReferenceUpload(ctx, u.AccountID, u.ID)
		}
		first, err := tx.ReferenceUploadOnce(ctx, u.AccountID, u.ID)
		if err == nil && !first {
			return ErrTokenUsed // two videos raced for the token's one
		}
		return err
	})
}

// missingIfGone reports an upload deleted while it was being resolved as
// missing.
func missingIfGone(err error, field string) error {
	if errors.Is(err, apperr.ErrNotFound) {
		return errMissing(field)
	}
	return err
}
