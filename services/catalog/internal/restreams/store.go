package restreams

import (
	"context"

	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/simulcast"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
)

// Store is what restreams read and write. Every method takes the account
// id first and filters on it; missing rows are apperr.ErrNotFound.
type Store interface {
	GetVideo(ctx context.Context, accountID, id string) (catalog.Video, error)
	ListRestreams(ctx context.Context, accountID, videoID string, req page.Request) ([]Restream, error)
	GetRestream(ctx context.Context, accountID, videoID, id string) (Restream, error)
	// EnabledRestreams returns at most limit of the event's enabled
	// outputs, oldest first.
	EnabledRestreams(ctx context.Context, accountID, videoID string, limit int) ([]Restream, error)
	// SetRestreamStatus records the live service's report; a report other
	// than idle about a disabled output is dropped. It reports whether a
	// row changed.
	SetRestreamStatus(ctx context.Context, accountID, videoID, id string, state simulcast.State, reason string) (bool, error)
	// InTx runs fn in one transaction, committed if fn returns nil and
	// rolled back otherwise.
	InTx(ctx context.Context, fn func(Tx) error) error
}

// Tx changes restreams inside a transaction. The event's row lock
// serialises changes to its outputs (the plan's limit counts them).
type Tx interface {
	LockVideo(ctx context.Context, accountID, id string) (catalog.Video, error)
	CountRestreams(ctx context.Context, accountID, videoID string) (int, error)
	LockRestream(ctx context.Context, accountID, videoID, id string) (Restream, error)
	InsertRestream(ctx context.Context, accountID, actorID string, r Restream) (Restream, error)
	UpdateRestream(ctx context.Context, accountID, actorID string, r Restream) (Restream, error)
	DeleteRestream(ctx context.Context, accountID, videoID, id string) (Restream, error)
	// Emit records e in the transaction's outbox.
	Emit(ctx context.Context, e catalog.Event) error
}
