package keys

import (
	"context"
	"time"

	"github.com/vidhost/vidhost/pkg/page"
)

// Store keeps keys. Every method but Authenticate takes the account first and
// answers apperr.ErrNotFound for keys of other accounts. Methods that change a
// key write ev to the outbox in the same transaction, so the event is
// published if and only if the change is committed.
type Store interface {
	CreateKey(ctx context.Context, accountID string, k Key, secretHash []byte, ev Event) error
	ListKeys(ctx context.Context, accountID string, req page.Request) ([]Key, error)
	GetKey(ctx context.Context, accountID, id string) (Key, error)
	// UpdateKey locks the key, lets change modify it, and stores the result;
	// an error from change is returned and nothing is stored.
	UpdateKey(ctx context.Context, accountID, id string, change func(*Key) error, ev Event) (Key, error)
	DeleteKey(ctx context.Context, accountID, id string, ev Event) error
	// Authenticate finds the key whose secret hashes to secretHash; it is the
	// one lookup made before the account is known.
	Authenticate(ctx context.Context, secretHash []byte) (Credential, error)
}

// Event is a change to a key, for the outbox (key.created|updated|deleted).
type Event struct {
	ID        string
	Subject   string
	AccountID string
	ActorID   string
	KeyID     string
	Time      time.Time
}
