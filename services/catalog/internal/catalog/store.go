package catalog

import (
	"context"
	"time"

	"github.com/vidhost/vidhost/pkg/page"
)

// Store keeps the catalog's resources. Every method takes the account id
// first and filters on it: another account's resource is ErrNotFound, as if
// it did not exist. Missing rows are apperr.ErrNotFound.
type Store interface {
	Reader
	// InTx runs fn in one transaction, committed if fn returns nil and
	// rolled back otherwise: a change and its events stand or fall together.
	InTx(ctx context.Context, fn func(Tx) error) error
	// SetAccountTerms records t unless the account's recorded terms are
	// as recent or more.
	SetAccountTerms(ctx context.Context, t AccountTerms) error
}

// Reader reads committed resources. Lists return up to req.FetchLimit()
// rows after req.Cursor in (created_time, id) order.
type Reader interface {
	GetCategory(ctx context.Context, accountID, id string) (Category, error)
	ListCategories(ctx context.Context, accountID string, req page.Request) ([]Category, error)
	GetPlayer(ctx context.Context, accountID, id string) (Player, error)
	ListPlayers(ctx context.Context, accountID string, req page.Request) ([]Player, error)
	GetVideo(ctx context.Context, accountID, id string) (Video, error)
	// ListVideos returns the videos matching every filter set in f.
	ListVideos(ctx context.Context, accountID string, f VideoFilter, req page.Request) ([]Video, error)
	// VideoUsage counts the account's videos and sums their durations.
	VideoUsage(ctx context.Context, accountID string) (VideoUsage, error)
	// FindVideo reads a video by its id alone. It is the one read not
	// scoped by account: the public playback edge knows only the video id
	// and learns the account from the video.
	FindVideo(ctx context.Context, id string) (Video, error)
	// MissingCategories returns the values that are not the value of one
	// of the account's categories.
	MissingCategories(ctx context.Context, accountID string, values []string) ([]string, error)
	GetFolder(ctx context.Context, accountID, id string) (Folder, error)
	ListFolders(ctx context.Context, accountID string, req page.Request) ([]Folder, error)
	// GetStreamKey returns the stream key of the account's event videoID
	// (an event's input shows its ingest URL).
	GetStreamKey(ctx context.Context, accountID, videoID string) (StoredStreamKey, error)
}

// Tx changes resources inside a transaction. Writes set the audit fields
// from actorID and the transaction's time, and return the stored row.
type Tx interface {
	CategoryWriter
	PlayerWriter
	VideoWriter
	FolderWriter
	AttachmentWriter
	// Emit records e in the transaction's outbox; a relay publishes it
	// once the transaction has committed.
	Emit(ctx context.Context, e Event) error
}

// CategoryWriter writes categories. Insert and Update return
// ErrCategoryValueTaken when the value is already used in the account.
type CategoryWriter interface {
	InsertCategory(ctx context.Context, accountID, actorID string, c Category) (Category, error)
	// LockCategory reads a category and locks it until the transaction ends,
	// so concurrent updates apply one after the other.
	LockCategory(ctx context.Context, accountID, id string) (Category, error)
	UpdateCategory(ctx context.Context, accountID, actorID string, c Category) (Category, error)
	DeleteCategory(ctx context.Context, accountID, id string) (Category, error)
}

// PlayerWriter writes players.
type PlayerWriter interface {
	InsertPlayer(ctx context.Context, accountID, actorID string, p Player) (Player, error)
	LockPlayer(ctx context.Context, accountID, id string) (Player, error)
	UpdatePlayer(ctx context.Context, accountID, actorID string, p Player) (Player, error)
	DeletePlayer(ctx context.Context, accountID, id string) (Player, error)
}

// VideoWriter writes videos, with their cards, gates, hotspots, chapters
// and tracks (stored with the video: they are always read with it).
type VideoWriter interface {
	InsertVideo(ctx context.Context, accountID, actorID string, v Video) (Video, error)
	LockVideo(ctx context.Context, accountID, id string) (Video, error)
	// LockVideoForMedia locks a video a transcode report is about. Reports
	// come from the catalog's own workers; accountID, when not empty, must
	// be the video's.
	LockVideoForMedia(ctx context.Context, accountID, id string) (Video, error)
	// UpdateVideo stores every field of v; actorID is "" for changes the
	// service makes by itself (transcode reports).
	UpdateVideo(ctx context.Context, accountID, actorID string, v Video) (Video, error)
	DeleteVideo(ctx context.Context, accountID, id string) (Video, error)
	JobQueue
}

// FolderWriter writes folders and which videos they hold.
type FolderWriter interface {
	InsertFolder(ctx context.Context, accountID, actorID string, f Folder) (Folder, error)
	LockFolder(ctx context.Context, accountID, id string) (Folder, error)
	UpdateFolder(ctx context.Context, accountID, actorID string, f Folder) (Folder, error)
	// DeleteFolder returns ErrFolderHasSubfolders while sub-folders exist.
	DeleteFolder(ctx context.Context, accountID, id string) (Folder, error)
	// FolderAncestors returns id and the ids of the folders enclosing it,
	// innermost first.
	FolderAncestors(ctx context.Context, accountID, id string) ([]string, error)
	// AddFolderVideo files a video in a folder (again is fine); either
	// missing from the account is ErrNotFound.
	AddFolderVideo(ctx context.Context, accountID, actorID, folderID, videoID string) error
	// RemoveFolderVideo is ErrNotFound when the video is not in the folder.
	RemoveFolderVideo(ctx context.Context, accountID, folderID, videoID string) error
}

// AttachmentWriter writes, in a video's own transactions, what the packages
// carved out of this one keep of it: an event's first stream key when it is
// created, the jobs of its transcribes when it is deleted. Their other
// writes are theirs (internal/streamkeys, internal/transcribes).
type AttachmentWriter interface {
	// ReplaceStreamKey stores a new hash and seal, not revoked (inserting
	// the row if the event had none).
	ReplaceStreamKey(ctx context.Context, accountID, actorID string, k StoredStreamKey) (StoredStreamKey, error)
	// RunningTranscribesOfVideo lists the video's transcribes whose job
	// was sent and is not settled.
	RunningTranscribesOfVideo(ctx context.Context, accountID, videoID string) ([]Transcribe, error)
	TranscribeQueue
}

// TranscribeQueue sends and cancels transcribes' jobs through the
// transaction's outbox. A transcribe belongs to its video: deleting the
// video deletes its transcribes, and frees their slot.
type TranscribeQueue interface {
	// DispatchTranscribes locks the account's transcribe queue until the
	// transaction ends, then marks its oldest waiting (queued, never
	// dispatched) transcribes dispatched until running ones reach limit,
	// counting those dispatched after leaseStart, and returns them.
	DispatchTranscribes(ctx context.Context, accountID string, limit int, now, leaseStart time.Time) ([]Transcribe, error)
	// EnqueueTranscribeJob records job in the transaction's outbox, for
	// transcribe.jobs.
	EnqueueTranscribeJob(ctx context.Context, job TranscribeJob) error
	// EnqueueTranscribeCancel records c in the transaction's outbox, for
	// transcribe.cancels.<transcribe_id>.
	EnqueueTranscribeCancel(ctx context.Context, c TranscribeCancel) error
}
