package upload

import (
	"context"

	"github.com/vidhost/vidhost/pkg/audit"
	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/principal"
)

// GetUpload returns one upload of the principal's account.
func (s *Service) GetUpload(ctx context.Context, p principal.Principal, id string) (Upload, error) {
	if err := checkID(id); err != nil {
		return Upload{}, err
	}
	return s.store.GetUpload(ctx, p.AccountID, id)
}

// ListUploads returns a page of the account's uploads, oldest first, and
// the cursor of the next page ("" on the last). URLs are never listed: a
// presigned URL is handed out once.
func (s *Service) ListUploads(ctx context.Context, p principal.Principal, req page.Request) ([]Upload, string, error) {
	rows, err := s.store.ListUploads(ctx, p.AccountID, req)
	if err != nil {
		return nil, "", err
	}
	items, next := page.Trim(rows, req, func(u Upload) page.Cursor {
		return page.Cursor{Time: u.CreatedTime, ID: u.ID}
	})
	return items, next, nil
}

// DeleteUpload removes an upload from the account's view at once and, unless
// a consumer owns it (a reference was resolved), replaces its file with a
// tombstone and discards its tus staging. The tombstone keeps the upload's
// still valid PUT URL from storing bytes again (see TombstoneContentType);
// the hidden record and the tombstone stay until the sweeper's retention
// pass.
func (s *Service) DeleteUpload(ctx context.Context, p principal.Principal, id string) error {
	if err := checkID(id); err != nil {
		return err
	}
	var deleted Upload
	err := s.store.InTx(ctx, func(tx Tx) error {
		var err error
		if deleted, err = tx.MarkDeleted(ctx, p.AccountID, p.ActorID, id); err != nil {
			return err
		}
		return tx.Audit(ctx, p, audit.EntityUploads, id, audit.ActionDelete, auditFields(deleted))
	})
	if err != nil {
		return err
	}
	// The client's delete has happened; a failure to remove the bytes now
	// is repaired by the sweeper, so it is logged rather than returned.
	if err := s.retireFiles(ctx, deleted); err != nil {
		s.logger.WarnContext(ctx, "upload deleted; its files stay until the sweeper's next pass",
			"upload", deleted.ID, "error", err)
	}
	return nil
}

// retireFiles discards u's tus staging and, unless a consumer owns it,
// leaves the tombstone at its key in place of its object.
func (s *Service) retireFiles(ctx context.Context, u Upload) error {
	if !u.Referenced() {
		if err := s.tombstone(ctx, u); err != nil {
			return err
		}
	}
	return s.staging.Discard(ctx, u)
}

// removeFiles deletes u's tus staging and, unless a consumer owns it
// (u is referenced), its object.
func (s *Service) removeFiles(ctx context.Context, u Upload) error {
	if !u.Referenced() {
		if err := s.objects.Delete(ctx, u.Key); err != nil {
			return err
		}
	}
	return s.staging.Discard(ctx, u)
}
