package leads

import (
	"context"

	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
)

// Store is what leads read and write. Every method but FindVideo takes the
// account id first and filters on it; missing rows are apperr.ErrNotFound.
type Store interface {
	GetVideo(ctx context.Context, accountID, id string) (catalog.Video, error)
	// FindVideo reads a video by its id alone: the public playback edge
	// knows only the video id and learns the account from the video.
	FindVideo(ctx context.Context, id string) (catalog.Video, error)
	// ListLeads returns up to req.FetchLimit() leads of the account's video
	// videoID after req.Cursor, in (created_time, id) order.
	ListLeads(ctx context.Context, accountID, videoID string, req page.Request) ([]Lead, error)
	// InTx runs fn in one transaction, committed if fn returns nil and
	// rolled back otherwise.
	InTx(ctx context.Context, fn func(Tx) error) error
}

// Tx writes leads inside a transaction. A lead belongs to its video:
// deleting the video deletes its leads.
type Tx interface {
	// InsertLead stores l, created now; a video that no longer exists is
	// ErrNotFound.
	InsertLead(ctx context.Context, accountID string, l Lead) (Lead, error)
	// DeleteLead is ErrNotFound unless the lead is one of videoID's.
	DeleteLead(ctx context.Context, accountID, videoID, id string) error
	// Emit records e in the transaction's outbox.
	Emit(ctx context.Context, e catalog.Event) error
}
