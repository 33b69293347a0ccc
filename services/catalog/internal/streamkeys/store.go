package streamkeys

import (
	"context"
	"time"

	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
)

// Store is what stream keys read and write. Every method but FindStreamKey
// takes the account id first and filters on it; missing rows are
// apperr.ErrNotFound.
type Store interface {
	GetVideo(ctx context.Context, accountID, id string) (catalog.Video, error)
	// GetStreamKey returns the stream key of the account's event videoID.
	GetStreamKey(ctx context.Context, accountID, videoID string) (catalog.StoredStreamKey, error)
	// FindStreamKey finds a key by its hash alone: a publisher names no
	// account, the key is its credential.
	FindStreamKey(ctx context.Context, hash []byte) (catalog.StoredStreamKey, error)
	// GetAccountTerms returns what identity last announced of the account
	// (apperr.ErrNotFound: nothing yet).
	GetAccountTerms(ctx context.Context, accountID string) (catalog.AccountTerms, error)
	// InTx runs fn in one transaction, committed if fn returns nil and
	// rolled back otherwise.
	InTx(ctx context.Context, fn func(Tx) error) error
}

// Tx changes stream keys inside a transaction (one key per event, deleted
// with it).
type Tx interface {
	LockVideo(ctx context.Context, accountID, id string) (catalog.Video, error)
	// ReplaceStreamKey stores a new hash and seal, not revoked (inserting
	// the row if the event had none).
	ReplaceStreamKey(ctx context.Context, accountID, actorID string, k catalog.StoredStreamKey) (catalog.StoredStreamKey, error)
	RevokeStreamKey(ctx context.Context, accountID, actorID, videoID string) (catalog.StoredStreamKey, error)
	// LockLiveAdmission serialises admitting the account's publishers
	// until the transaction ends, so two never both see one free slot.
	LockLiveAdmission(ctx context.Context, accountID string) error
	// CountAdmittedEvents counts the account's events, leaving out
	// exceptVideoID (the one asking to go live), that are live or still
	// preparing with a publisher admitted within window.
	CountAdmittedEvents(ctx context.Context, accountID, exceptVideoID string, window time.Duration) (int, error)
	// AdmitStreamKey records that a publisher was admitted on the event's
	// key now.
	AdmitStreamKey(ctx context.Context, accountID, videoID string) error
	// Emit records e in the transaction's outbox.
	Emit(ctx context.Context, e catalog.Event) error
}
