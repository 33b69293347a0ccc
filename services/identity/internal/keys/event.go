package keys

import "time"

// EventKind says what happened to a key.
type EventKind int

// The kinds of change a key announces; gateways drop cached keys on each.
const (
	KeyCreated EventKind = iota + 1
	KeyUpdated
	KeyDeleted
)

// Event announces a committed change to Key (its last state for a
// deletion). The domain says what happened; internal/events decides the
// subject and the encoding on the wire.
type Event struct {
	Kind      EventKind
	AccountID string
	ActorID   string
	Time      time.Time
	Key       Key
}
