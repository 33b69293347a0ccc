package store

import (
	"context"

	"github.com/jackc/pgx/v5/pgtype"

	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
	"github.com/vidhost/vidhost/services/catalog/internal/store/db"
)

func (r reader) GetFolder(ctx context.Context, accountID, id string) (catalog.Folder, error) {
	row, err := r.q.GetFolder(ctx, db.GetFolderParams{AccountID: accountID, ID: id})
	return folder(row), mapError(err, "get folder")
}

func (r reader) ListFolders(ctx context.Context, accountID string, req page.Request) ([]catalog.Folder, error) {
	rows, err := r.q.ListFolders(ctx, db.ListFoldersParams{
		AccountID: accountID, AfterTime: req.Cursor.Time, AfterID: req.Cursor.ID, RowLimit: req.FetchLimit(),
	})
	if err != nil {
		return nil, mapError(err, "list folders")
	}
	return mapRows(rows, folder), nil
}

func (w writer) InsertFolder(ctx context.Context, accountID, actorID string, f catalog.Folder) (catalog.Folder, error) {
	row, err := w.q.InsertFolder(ctx, db.InsertFolderParams{
		ID: f.ID, AccountID: accountID, ActorID: actorID, Name: f.Name, ParentID: parentID(f.ParentID),
	})
	return folder(row), mapError(err, "insert folder")
}

func (w writer) LockFolder(ctx context.Context, accountID, id string) (catalog.Folder, error) {
	row, err := w.q.LockFolder(ctx, db.LockFolderParams{AccountID: accountID, ID: id})
	return folder(row), mapError(err, "lock folder")
}

func (w writer) UpdateFolder(ctx context.Context, accountID, actorID string, f catalog.Folder) (catalog.Folder, error) {
	row, err := w.q.UpdateFolder(ctx, db.UpdateFolderParams{
		ID: f.ID, AccountID: accountID, ActorID: actorID, Name: f.Name, ParentID: parentID(f.ParentID),
	})
	return folder(row), mapError(err, "update folder")
}

func (w writer) DeleteFolder(ctx context.Context, accountID, id string) (catalog.Folder, error) {
	row, err := w.q.DeleteFolder(ctx, db.DeleteFolderParams{AccountID: accountID, ID: id})
	return folder(row), mapError(err, "delete folder")
}

func (w writer) FolderAncestors(ctx context.Context, accountID, id string) ([]string, error) {
	chain, err := w.q.FolderAncestors(ctx, db.FolderAncestorsParams{AccountID: accountID, ID: id})
	if err == nil && len(chain) == 0 {
		return nil, mapError(pgxNoRows, "folder ancestors")
	}
	return chain, mapError(err, "folder ancestors")
}

func (w writer) AddFolderVideo(ctx context.Context, accountID, actorID, folderID, videoID string) error {
	_, err := w.q.AddFolderVideo(ctx, db.AddFolderVideoParams{
		AccountID: accountID, ActorID: actorID, FolderID: folderID, VideoID: videoID,
	})
	return mapError(err, "add video to folder")
}

func (w writer) RemoveFolderVideo(ctx context.Context, accountID, folderID, videoID string) error {
	_, err := w.q.RemoveFolderVideo(ctx, db.RemoveFolderVideoParams{
		AccountID: accountID, FolderID: folderID, VideoID: videoID,
	})
	return mapError(err, "remove video from folder")
}

// parentID stores "" (top level) as NULL, which the foreign key allows.
func parentID(id string) pgtype.Text {
	return pgtype.Text{String: id, Valid: id != ""}
}

func folder(row db.Folder) catalog.Folder {
	return catalog.Folder{
		ID:       row.ID,
		Name:     row.Name,
		ParentID: row.ParentID.String,
		Audit:    audit(row.CreatedBy, row.CreatedTime, row.UpdatedBy, row.UpdatedTime),
	}
}
