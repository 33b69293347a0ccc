package hooks

import (
	"time"

	"github.com/vidhost/vidhost/pkg/apperr"
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

// Event announces a committed change: Resource is the Service (without its
// credentials) or Hook after the change, or its last state when deleted.
type Event struct {
	Kind      EventKind
	AccountID string
	ActorID   string
	Time      time.Time
	Resource  any
}

// readOnlyFields may be read but never set; naming one in an update mask is
// refused, so a client learns at once that its change did not happen.
var readOnlyFields = map[string]bool{
	"id": true, "created_by": true, "created_time": true, "updated_by": true, "updated_time": true,
}

// checkPaths refuses an empty mask, read-only fields and fields not in
// updatable, naming the resource ("a webhook service").
func checkPaths(paths []string, updatable func(string) bool, resource string) error {
	// grpc-gateway turns an empty JSON object into the one path "".
	if len(paths) == 0 || len(paths) == 1 && paths[0] == "" {
		return apperr.InvalidField("request", "must change at least one field")
	}
	for _, path := range paths {
		switch {
		case readOnlyFields[path]:
			return apperr.InvalidField(path, "cannot be changed")
		case !updatable(path):
			return apperr.InvalidField(path, "is not a field of %s", resource)
		}
	}
	return nil
}
