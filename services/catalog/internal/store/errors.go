package store

import (
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/pg"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
)

// conflicts maps unique and foreign-key constraints to the domain error a
// client sees.
var conflicts = map[string]error{
	"categories_account_value_key": catalog.ErrCategoryValueTaken,
	// Deleting a folder that is still some folder's parent.
	"folders_parent_id_fkey": catalog.ErrFolderHasSubfolders,
	// A lead for a video deleted since it was read: the video is gone.
	"leads_video_id_fkey": apperr.ErrNotFound,
}

// pgxNoRows stands for "no such row" in queries that return lists.
var pgxNoRows = pgx.ErrNoRows

// mapError turns database errors the domain knows about into its errors
// and wraps the rest with what was being done.
func mapError(err error, doing string) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, pgx.ErrNoRows):
		return apperr.ErrNotFound
	case (pg.IsUniqueViolation(err) || pg.IsForeignKeyViolation(err)) && conflicts[pg.ConstraintName(err)] != nil:
		return conflicts[pg.ConstraintName(err)]
	}
	return fmt.Errorf("store: %s: %w", doing, err)
}
