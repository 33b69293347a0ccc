package idempotency

import (
	"context"
	"errors"
	"time"
)

// ErrNotFound is a key with no record (Store.Get).
var ErrNotFound = errors.New("idempotency: no record")

// Scope names one record: the account, the principal within it that sent
// the key (principalScope) and the key. Two principals of one account
// never share a record.
type Scope struct {
	AccountID, Principal, Key string
}

// Claim is a request taking a key.
type Claim struct {
	Scope
	// RequestHash tells the same request from another one with the key.
	RequestHash []byte
	Now         time.Time
	// LockedUntil is when an unanswered claim counts as abandoned (its
	// gateway died), and another request may take the key over.
	LockedUntil time.Time
	ExpiresTime time.Time
}

// Response is the first answer, replayed to repeats.
type Response struct {
	Status      int
	ContentType string
	// Body is sealed (Options.Box) before it is stored: an answer may
	// carry a secret, such as a new API key's value.
	Body []byte
	// Methods are the backend (gRPC) methods the first request called; a
	// repeat is replayed only while the caller may still call them all.
	Methods []string
}

// Record is what a key holds; Response is nil while the first request runs.
type Record struct {
	RequestHash []byte
	Response    *Response
}

// Store keeps the records; every method is scoped to an account and a
// principal.
type Store interface {
	// Claim takes the key for c's request; false when another live record
	// holds it (answered, or still running).
	Claim(ctx context.Context, c Claim) (bool, error)
	// Get returns the scope's record, or ErrNotFound.
	Get(ctx context.Context, s Scope) (Record, error)
	// Save stores the answer of the claim c made.
	Save(ctx context.Context, c Claim, r Response) error
	// Release forgets the claim c made, unanswered, so the request may run again.
	Release(ctx context.Context, c Claim) error
	// Forget deletes the answer c's request got, so the request may run
	// again: for an answer that can no longer be opened.
	Forget(ctx context.Context, c Claim) error
	// Sweep deletes up to batch records expired at now and says how many it deleted.
	Sweep(ctx context.Context, now time.Time, batch int) (int64, error)
}
