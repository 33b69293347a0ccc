package hooks

import (
	"context"

	"github.com/vidhost/vidhost/pkg/page"
)

// Store keeps services and hooks. Every method takes the account id first
// and filters on it: another account's row is apperr.ErrNotFound, as if it
// did not exist.
type Store interface {
	Reader
	// InTx runs fn in one transaction, committed if fn returns nil: a
	// change and its events stand or fall together.
	InTx(ctx context.Context, fn func(Tx) error) error
}

// Reader reads committed rows. Services come without their Credentials.
// Lists return up to req.FetchLimit() rows after req.Cursor in
// (created_time, id) order.
type Reader interface {
	GetService(ctx context.Context, accountID, id string) (Target, error)
	ListServices(ctx context.Context, accountID string, req page.Request) ([]Target, error)
	GetHook(ctx context.Context, accountID, id string) (Hook, error)
	ListHooks(ctx context.Context, accountID string, req page.Request) ([]Hook, error)
	// ListDeliveries returns a hook's deliveries newest first: up to
	// req.FetchLimit() before req.Cursor.
	ListDeliveries(ctx context.Context, accountID, hookID string, req page.Request) ([]Delivery, error)
}

// Tx changes rows inside a transaction. Writes set the audit fields from
// actorID and the transaction's time and return the stored row.
type Tx interface {
	// InsertService stores s with its credentials, encrypted.
	InsertService(ctx context.Context, accountID, actorID string, s Target) (Target, error)
	// LockService reads a service with its credentials and locks it until
	// the transaction ends.
	LockService(ctx context.Context, accountID, id string) (Target, error)
	// ShareService reads a service without its credentials and keeps it
	// from being deleted until the transaction ends.
	ShareService(ctx context.Context, accountID, id string) (Target, error)
	// HasServices reports whether the account has any service.
	HasServices(ctx context.Context, accountID string) (bool, error)
	UpdateService(ctx context.Context, accountID, actorID string, s Target) (Target, error)
	DeleteService(ctx context.Context, accountID, id string) (Target, error)

	InsertHook(ctx context.Context, accountID, actorID string, h Hook) (Hook, error)
	LockHook(ctx context.Context, accountID, id string) (Hook, error)
	UpdateHook(ctx context.Context, accountID, actorID string, h Hook) (Hook, error)
	DeleteHook(ctx context.Context, accountID, id string) (Hook, error)
	// DisableHooksOf disables the enabled hooks of a service and returns
	// them as they are now.
	DisableHooksOf(ctx context.Context, accountID, actorID, serviceID string) ([]Hook, error)

	// EnabledHooks returns the account's enabled hooks of event, oldest
	// first.
	EnabledHooks(ctx context.Context, accountID, event string) ([]Hook, error)
	// InsertDelivery stores d unless the hook already has a delivery for
	// d's event, and reports whether it did.
	InsertDelivery(ctx context.Context, accountID string, d Delivery) (bool, error)
	// LockVideo serializes, until the transaction ends, the changes made
	// for one video: matching its video.created and settling it.
	LockVideo(ctx context.Context, accountID, videoID string) error
	// VideoOutcome reads how a video settled; apperr.ErrNotFound if it
	// has not yet.
	VideoOutcome(ctx context.Context, accountID, videoID string) (VideoOutcome, error)
	// PutVideoOutcome records how a video settled, over what was recorded.
	PutVideoOutcome(ctx context.Context, o VideoOutcome) error
	// WaitingDeliveries reads and locks the deliveries waiting for a
	// video's outcome.
	WaitingDeliveries(ctx context.Context, accountID, videoID string) ([]Delivery, error)
	// SettleDelivery stores a waiting delivery's new status, payload,
	// error and next attempt.
	SettleDelivery(ctx context.Context, d Delivery) error
	// LockDelivery reads one of a hook's deliveries and locks it.
	LockDelivery(ctx context.Context, accountID, hookID, id string) (Delivery, error)
	// RequeueDelivery makes a delivery pending and due now, with no
	// attempt counted.
	RequeueDelivery(ctx context.Context, accountID, hookID, id string) (Delivery, error)

	// Emit records e in the transaction's outbox; a relay publishes it
	// once the transaction has committed.
	Emit(ctx context.Context, e Event) error
}
