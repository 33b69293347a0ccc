package hooks

import (
	"time"

	"github.com/vidhost/vidhost/pkg/principal"
)

// Audit records who created a resource and who last changed it, and when.
type Audit struct {
	CreatedBy   string
	CreatedTime time.Time
	UpdatedBy   string
	UpdatedTime time.Time
}

// EventKind says what happened to a resource.
type EventKind int

// The kinds of change every resource announces.
const (
	Created EventKind = iota + 1
	Updated
	Deleted
)

func (k EventKind) String() string {
	switch k {
	case Created:
		return "created"
	case Updated:
		return "updated"
	case Deleted:
		return "deleted"
	}
	return "unknown"
}

// Event announces a committed change: Resource is the Target (without its
// credentials) or Hook after the change, or its last state when deleted.
// Every change is a client's, so each is also an entry of the account's
// audit log, by Actor; Before, for an update, is the resource before it,
// so the entry records only the fields that changed.
type Event struct {
	Kind      EventKind
	AccountID string
	ActorID   string
	Time      time.Time
	Resource  any
	Before    any
	Actor     principal.Principal
}
