package jwtkeys

import "time"

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
