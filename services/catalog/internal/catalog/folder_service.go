package catalog

import (
	"context"
	"errors"
	"slices"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/principal"
)

// CreateFolder stores a new folder, at the top or inside ParentID, and
// announces it with folder.created.
func (s *Service) CreateFolder(ctx context.Context, p principal.Principal, f Folder) (Folder, error) {
	if err := f.Validate(); err != nil {
		return Folder{}, err
	}
	f.ID = ids.New()
	return commit(ctx, s, p, Created, func(tx Tx) (Folder, error) {
		if err := checkParent(ctx, tx, p.AccountID, f); err != nil {
			return Folder{}, err
		}
		return tx.InsertFolder(ctx, p.AccountID, p.ActorID, f)
	})
}

// GetFolder returns one folder of the principal's account.
func (s *Service) GetFolder(ctx context.Context, p principal.Principal, id string) (Folder, error) {
	if err := CheckID(id); err != nil {
		return Folder{}, err
	}
	return s.store.GetFolder(ctx, p.AccountID, id)
}

// ListFolders returns a page of the account's folders at every depth,
// oldest first; parent_id tells where each one sits.
func (s *Service) ListFolders(ctx context.Context, p principal.Principal, req page.Request) ([]Folder, string, error) {
	return page.List(req,
		func() ([]Folder, error) { return s.store.ListFolders(ctx, p.AccountID, req) },
		func(f Folder) page.Cursor { return page.Cursor{Time: f.CreatedTime, ID: f.ID} })
}

// UpdateFolder renames or moves a folder and announces it with
// folder.updated. A folder cannot move into itself or its sub-folders.
func (s *Service) UpdateFolder(ctx context.Context, p principal.Principal, id string, patch Patch[Folder]) (Folder, error) {
	if err := patch.check(folderFields, "folder"); err != nil {
		return Folder{}, err
	}
	if err := CheckID(id); err != nil {
		return Folder{}, err
	}
	return commit(ctx, s, p, Updated, func(tx Tx) (Folder, error) {
		current, err := tx.LockFolder(ctx, p.AccountID, id)
		if err != nil {
			return Folder{}, err
		}
		next := patch.apply(current, folderFields)
		if err := next.Validate(); err != nil {
			return Folder{}, err
		}
		if next.ParentID != current.ParentID {
			if err := checkParent(ctx, tx, p.AccountID, next); err != nil {
				return Folder{}, err
			}
		}
		return tx.UpdateFolder(ctx, p.AccountID, p.ActorID, next)
	})
}

// DeleteFolder removes an empty-of-folders folder (its videos stay) and
// announces its last state with folder.deleted.
func (s *Service) DeleteFolder(ctx context.Context, p principal.Principal, id string) error {
	if err := CheckID(id); err != nil {
		return err
	}
	_, err := commit(ctx, s, p, Deleted, func(tx Tx) (Folder, error) {
		return tx.DeleteFolder(ctx, p.AccountID, id)
	})
	return err
}

// checkParent requires f's parent to be a folder of the account that is
// neither f nor inside f.
func checkParent(ctx context.Context, tx Tx, accountID string, f Folder) error {
	if f.ParentID == "" {
		return nil
	}
	chain, err := tx.FolderAncestors(ctx, accountID, f.ParentID)
	switch {
	case errors.Is(err, apperr.ErrNotFound):
		return errNoSuchParent
	case err != nil:
		return err
	case f.ID != "" && slices.Contains(chain, f.ID):
		return errParentCycle
	}
	return nil
}
