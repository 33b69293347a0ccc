package catalog

import (
	"time"

	"github.com/vidhost/vidhost/pkg/principal"
)

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
// (media URLs rendered) or Folder, each announced on the bus; or a
// FolderVideo, leads.Lead, Transcribe or StoredStreamKey, which only the
// audit log records.
// internal/events turns it into the wire event and its subject.
type Event struct {
	Kind      EventKind
	AccountID string
	ActorID   string
	Time      time.Time
	Resource  any
	// Actor is who asked for the change through the interface, recorded in
	// the account's audit log with it; nil for the catalog's own churn
	// (transcode progress), which is not audited (docs/audit-logs.md).
	Actor *principal.Principal
	// Before is an update's resource before the change, from which the
	// audit log records only the fields that changed; nil if unknown.
	Before any
}

// NewEvent is the announcement of a change p asked for, made at, which the
// audit log records too.
func NewEvent(p principal.Principal, kind EventKind, at time.Time, resource any) Event {
	return Event{Kind: kind, AccountID: p.AccountID, ActorID: p.ActorID, Time: at, Resource: resource, Actor: &p}
}

// FolderVideo is a video filed in (Created) or taken out of (Deleted) a
// folder: a change of the folder, recorded in the audit log only.
type FolderVideo struct {
	FolderID string
	VideoID  string
}
