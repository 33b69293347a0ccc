package transcribes

import (
	"context"

	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
)

// Store is what transcribes read and write. Every method takes the account
// id first and filters on it; missing rows are apperr.ErrNotFound.
type Store interface {
	GetTranscribe(ctx context.Context, accountID, id string) (catalog.Transcribe, error)
	// ListTranscribes returns up to req.FetchLimit() of the transcribes
	// matching every filter set in f after req.Cursor, in (created_time,
	// id) order.
	ListTranscribes(ctx context.Context, accountID string, f Filter, req page.Request) ([]catalog.Transcribe, error)
	// InTx runs fn in one transaction, committed if fn returns nil and
	// rolled back otherwise.
	InTx(ctx context.Context, fn func(Tx) error) error
}

// Tx changes transcribes, and the video a completed one adds its track to,
// inside a transaction. A transcribe belongs to its video: deleting the
// video deletes its transcribes.
type Tx interface {
	LockVideo(ctx context.Context, accountID, id string) (catalog.Video, error)
	// UpdateVideo stores every field of v; actorID is "" for changes the
	// service makes by itself (reports).
	UpdateVideo(ctx context.Context, accountID, actorID string, v catalog.Video) (catalog.Video, error)
	InsertTranscribe(ctx context.Context, accountID, actorID string, t catalog.Transcribe) (catalog.Transcribe, error)
	// LockTranscribe reads a transcribe and locks it until the transaction
	// ends. An empty accountID reads it by id alone, for the reports of the
	// catalog's own workers, which are checked against the account.
	LockTranscribe(ctx context.Context, accountID, id string) (catalog.Transcribe, error)
	// UpdateTranscribe stores t's status, progress, track and error;
	// actorID is "" for changes the service makes by itself (reports).
	UpdateTranscribe(ctx context.Context, accountID, actorID string, t catalog.Transcribe) (catalog.Transcribe, error)
	DeleteTranscribe(ctx context.Context, accountID, id string) error
	catalog.TranscribeQueue
	// Emit records e in the transaction's outbox.
	Emit(ctx context.Context, e catalog.Event) error
}
