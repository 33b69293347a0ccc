package jwtkeys

import (
	"context"

	"github.com/vidhost/vidhost/pkg/audit"
	"github.com/vidhost/vidhost/pkg/page"
)

// Store keeps JWT keys. Every method takes the account first and answers
// apperr.ErrNotFound for keys of other accounts. JWT keys announce no
// events (nothing caches them for longer than the edge's few seconds);
// changes run in a transaction for their audit entries.
type Store interface {
	ListJwtKeys(ctx context.Context, accountID string, req page.Request) ([]Key, error)
	GetJwtKey(ctx context.Context, accountID, id string) (Key, error)
	// InJwtKeyTx runs fn in one transaction, committed if fn returns nil.
	InJwtKeyTx(ctx context.Context, fn func(Tx) error) error
}

// Tx changes JWT keys inside a transaction.
type Tx interface {
	InsertJwtKey(ctx context.Context, accountID string, k Key) error
	DeleteJwtKey(ctx context.Context, accountID, id string) error
	audit.Recorder
}
