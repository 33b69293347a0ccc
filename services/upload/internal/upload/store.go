package upload

import (
	"context"
	"io"
	"time"

	"github.com/vidhost/vidhost/pkg/audit"
	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/page"
)

// Store keeps uploads and account settings. Methods that take an account id
// take it first and filter on it: another account's upload is
// apperr.ErrNotFound, as if it did not exist. So is a deleted upload.
type Store interface {
	Reader
	// InTx runs fn in one transaction, committed if fn returns nil: a
	// change and its event stand or fall together.
	InTx(ctx context.Context, fn func(Tx) error) error
}

// Reader reads committed rows.
type Reader interface {
	GetUpload(ctx context.Context, accountID, id string) (Upload, error)
	// ListUploads returns up to req.FetchLimit() uploads after req.Cursor
	// in (created_time, id) order.
	ListUploads(ctx context.Context, accountID string, req page.Request) ([]Upload, error)
	// GetSettings returns the account's choices; none stored is a zero
	// StoredSettings, not an error.
	GetSettings(ctx context.Context, accountID string) (StoredSettings, error)
	// OverdueUploads and ExpiredUploads are the sweeper's scans across
	// accounts: pending uploads whose window ended before before, and
	// uploads created before before; oldest first.
	OverdueUploads(ctx context.Context, before time.Time, limit int) ([]Upload, error)
	ExpiredUploads(ctx context.Context, before time.Time, limit int) ([]Upload, error)
	// DeletedUploadsWithLiveURLs returns the deleted, unreferenced uploads
	// with a presigned PUT URL that expires after since, across accounts.
	// They are few: URLs live minutes.
	DeletedUploadsWithLiveURLs(ctx context.Context, since time.Time) ([]Upload, error)
}

// Tx changes rows inside a transaction.
type Tx interface {
	// LockAccount serialises the account's quota checks until the
	// transaction ends.
	LockAccount(ctx context.Context, accountID string) error
	Usage(ctx context.Context, accountID string, now time.Time) (Usage, error)
	PendingUploads(ctx context.Context, accountID string, limit int) ([]Upload, error)
	InsertUpload(ctx context.Context, accountID, actorID string, u Upload) (Upload, error)
	// CompleteUpload moves a pending or abandoned upload to complete; any
	// other state is apperr.ErrNotFound.
	CompleteUpload(ctx context.Context, accountID, id string) (Upload, error)
	AbandonUpload(ctx context.Context, accountID, id string) error
	ReferenceUpload(ctx context.Context, accountID, id string) error
	// ReferenceUploadOnce records the first reference and reports false
	// when the upload was referenced already.
	ReferenceUploadOnce(ctx context.Context, accountID, id string) (bool, error)
	SetTusID(ctx context.Context, accountID, id, tusID string) error
	MarkDeleted(ctx context.Context, accountID, actorID, id string) (Upload, error)
	RemoveUpload(ctx context.Context, accountID, id string) error
	SaveSettings(ctx context.Context, accountID, actorID string, c SettingsChange) (StoredSettings, error)
	// Emit records e in the transaction's outbox.
	Emit(ctx context.Context, e Event) error
	// Audit records a client's change in the account's audit log.
	audit.Recorder
	// NoteQuotaReached records that the account reached its bytes quota at
	// now and reports true, unless that was already recorded after since.
	NoteQuotaReached(ctx context.Context, accountID string, now, since time.Time) (bool, error)
	// EmitQuotaReached records e in the transaction's outbox.
	EmitQuotaReached(ctx context.Context, e QuotaReached) error
}

// Usage is what an account's quotas count.
type Usage struct {
	// InProgress counts pending uploads whose window is open.
	InProgress int
	// Bytes sums the sizes of pending and complete uploads.
	Bytes int64
}

// Objects is the part of blob.Store the domain uses.
type Objects interface {
	PresignPut(ctx context.Context, key string, size int64, ttl time.Duration) (string, error)
	Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error
	Stat(ctx context.Context, key string) (blob.Info, error)
	Delete(ctx context.Context, key string) error
}

// Staging is where the tus transport keeps an upload's bytes (and its own
// bookkeeping) until they are complete.
type Staging interface {
	// Discard removes what the transport keeps of u besides the object at
	// u.Key; it is a no-op when there is nothing, and safe to repeat.
	Discard(ctx context.Context, u Upload) error
}

// NoStaging is the Staging of a service without the tus transport.
type NoStaging struct{}

// Discard implements Staging.
func (NoStaging) Discard(context.Context, Upload) error { return nil }
