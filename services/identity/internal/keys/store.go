package keys

import (
	"context"

	"github.com/vidhost/vidhost/pkg/audit"

	"github.com/vidhost/vidhost/pkg/page"
)

// Store keeps keys. Every method but Authenticate takes the account first and
// answers apperr.ErrNotFound for keys of other accounts.
type Store interface {
	Reader
	// InTx runs fn in one transaction, committed if fn returns nil and
	// rolled back otherwise: a change and its event stand or fall together.
	InTx(ctx context.Context, fn func(Tx) error) error
}

// Reader reads committed keys. ListKeys returns up to req.FetchLimit() keys
// after req.Cursor in (created_time, id) order.
type Reader interface {
	ListKeys(ctx context.Context, accountID string, req page.Request) ([]Key, error)
	GetKey(ctx context.Context, accountID, id string) (Key, error)
	// Authenticate finds the key whose secret hashes to secretHash; it is the
	// one lookup made before the account is known.
	Authenticate(ctx context.Context, secretHash []byte) (Credential, error)
}

// Tx changes keys inside a transaction.
type Tx interface {
	InsertKey(ctx context.Context, accountID string, k Key, secretHash []byte) error
	// LockKey reads a key and locks it until the transaction ends, so
	// concurrent updates apply one after the other.
	LockKey(ctx context.Context, accountID, id string) (Key, error)
	UpdateKey(ctx context.Context, accountID string, k Key) error
	DeleteKey(ctx context.Context, accountID, id string) error
	// Emit records e in the transaction's outbox; a relay publishes it
	// once the transaction has committed.
	Emit(ctx context.Context, e Event) error
	// Audit records the change in the account's audit log, in the same
	// transaction.
	audit.Recorder
}
