package jwtkeys

import (
	"context"

	"github.com/vidhost/vidhost/pkg/page"
)

// Store keeps JWT keys. Every method takes the account first and answers
// apperr.ErrNotFound for keys of other accounts. JWT keys announce no
// events (nothing caches them for longer than the edge's few seconds), so
// unlike keys.Store it needs no transaction.
type Store interface {
	CreateJwtKey(ctx context.Context, accountID string, k Key) error
	ListJwtKeys(ctx context.Context, accountID string, req page.Request) ([]Key, error)
	GetJwtKey(ctx context.Context, accountID, id string) (Key, error)
	DeleteJwtKey(ctx context.Context, accountID, id string) error
}
