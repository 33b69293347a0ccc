package jwtkeys

import (
	"context"
	"time"

	"github.com/vidhost/vidhost/pkg/page"
)

// The algorithms viewer JWTs may be signed with: one per key type, so the
// key alone decides it and a token cannot pick a weaker one.
const (
	AlgorithmRS256 = "RS256"
	AlgorithmES256 = "ES256"
)

// Key is a registered public key.
type Key struct {
	ID        string
	AccountID string
	Name      string
	// PublicKey is the canonical PEM (PKIX "PUBLIC KEY" block).
	PublicKey string
	// Algorithm is AlgorithmRS256 or AlgorithmES256.
	Algorithm   string
	CreatedBy   string
	CreatedTime time.Time
	UpdatedBy   string
	UpdatedTime time.Time
}

// Input is the body of a create request.
type Input struct {
	Name      string
	PublicKey string
}

// Store keeps JWT keys. Every method takes the account first and answers
// apperr.ErrNotFound for keys of other accounts.
type Store interface {
	CreateJwtKey(ctx context.Context, accountID string, k Key) error
	ListJwtKeys(ctx context.Context, accountID string, req page.Request) ([]Key, error)
	GetJwtKey(ctx context.Context, accountID, id string) (Key, error)
	DeleteJwtKey(ctx context.Context, accountID, id string) error
}
