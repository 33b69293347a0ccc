package clips

import (
	"context"

	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
)

// Store reads the event a clip is made of; another account's is
// apperr.ErrNotFound.
type Store interface {
	GetVideo(ctx context.Context, accountID, id string) (catalog.Video, error)
}

// Playlists reads the event's live playlists from the blob store
// (catalog.Files): an object of more than max bytes is tooLarge.
type Playlists interface {
	Read(ctx context.Context, key string, max int64, tooLarge error) ([]byte, error)
}

// Videos stores a clip with its job (catalog.Service.CreateClipVideo).
type Videos interface {
	CreateClipVideo(ctx context.Context, p principal.Principal, v catalog.Video, job catalog.TranscodeJob) (catalog.Video, error)
}
