package catalog

import (
	"context"

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
}

// Reader reads committed resources. Lists return up to req.FetchLimit()
// rows after req.Cursor in (created_time, id) order.
type Reader interface {
	GetCategory(ctx context.Context, accountID, id string) (Category, error)
	ListCategories(ctx context.Context, accountID string, req page.Request) ([]Category, error)
	GetPlayer(ctx context.Context, accountID, id string) (Player, error)
	ListPlayers(ctx context.Context, accountID string, req page.Request) ([]Player, error)
}

// Tx changes resources inside a transaction. Writes set the audit fields
// from actorID and the transaction's time, and return the stored row.
type Tx interface {
	CategoryWriter
	PlayerWriter
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
