package catalog

import "time"

// EventKind says what happened to a resource.
type EventKind int

// The kinds of change every resource announces.
const (
	Created EventKind = iota + 1
	Updated
	Deleted
	// Ready and Failed are a video's transcoding settling, announced
	// besides its video.updated so that notifications (video.ready,
	// video.error) need not compare states.
	Ready
	Failed
)

func (k EventKind) String() string {
	switch k {
	case Created:
		return "created"
	case Updated:
		return "updated"
	case Deleted:
		return "deleted"
	case Ready:
		return "ready"
	case Failed:
		return "failed"
	}
	return "unknown"
}

// Event announces a committed change. Resource is the resource's state after
// the change (its last state for a deletion): a Category, Player, Video
// (media URLs rendered) or Folder.
// internal/events turns it into the wire event and its subject.
type Event struct {
	Kind      EventKind
	AccountID string
	ActorID   string
	Time      time.Time
	Resource  any
}
