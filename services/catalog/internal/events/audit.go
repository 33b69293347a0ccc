package events

import (
	"fmt"
	"reflect"

	"google.golang.org/protobuf/proto"

	"github.com/vidhost/vidhost/pkg/audit"
	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
	"github.com/vidhost/vidhost/services/catalog/internal/leads"
	"github.com/vidhost/vidhost/services/catalog/internal/protomap"
	"github.com/vidhost/vidhost/services/catalog/internal/restreams"
)

// auditActions maps event kinds to the audit log's actions.
var auditActions = map[catalog.EventKind]string{
	catalog.Created: audit.ActionCreate,
	catalog.Updated: audit.ActionUpdate,
	catalog.Deleted: audit.ActionDelete,
}

// Messages are the outbox messages of e: its event on the bus, if its
// resource has one, and its audit entry, if a client asked for it.
func Messages(e catalog.Event) ([]outbox.Message, error) {
	var msgs []outbox.Message
	switch e.Resource.(type) {
	case catalog.FolderVideo, leads.Lead, catalog.Transcribe, catalog.StoredStreamKey, restreams.Restream:
		// Recorded in the audit log only.
	default:
		msg, err := Message(e)
		if err != nil {
			return nil, err
		}
		msgs = append(msgs, msg)
	}
	if e.Actor == nil {
		return msgs, nil
	}
	entry, err := AuditMessage(e)
	if err != nil {
		return nil, err
	}
	return append(msgs, entry), nil
}

// AuditMessage encodes e as an entry of its account's audit log: the
// resource as the interface shows it (its last state for a deletion), or
// for an update whose before state is known the fields it changed, secrets
// redacted by pkg/audit.
func AuditMessage(e catalog.Event) (outbox.Message, error) {
	action, ok := auditActions[e.Kind]
	if !ok || e.Actor == nil {
		return outbox.Message{}, fmt.Errorf("events: no audit entry for %s by %v", e.Kind, e.Actor)
	}
	var entity, id string
	var data any
	switch r := e.Resource.(type) {
	case catalog.Category, catalog.Player, catalog.Video, catalog.Folder:
		var err error
		if entity, id, data, err = resourceData(e); err != nil {
			return outbox.Message{}, err
		}
	case catalog.FolderVideo:
		// Filing a video changes the folder.
		entity, id, action = audit.EntityFolders, r.FolderID, audit.ActionUpdate
		key := "added_video_id"
		if e.Kind == catalog.Deleted {
			key = "removed_video_id"
		}
		data = map[string]string{key: r.VideoID}
	case catalog.Transcribe:
		entity, id, data = audit.EntityTranscribes, r.ID, protomap.Transcribe(r)
	case leads.Lead:
		// Which lead, never what it held.
		entity, id, data = audit.EntityLeads, r.ID, map[string]string{"video_id": r.VideoID}
	case catalog.StoredStreamKey:
		// Which event's key was rotated (update) or revoked (delete); never
		// the secret, its hash or its seal.
		entity, id, data = audit.EntityStreamKeys, r.VideoID, map[string]any{"video_id": r.VideoID, "key": catalog.RedactedKey, "revoked": r.Revoked}
	case restreams.Restream:
		// What it sends where, and whether a key is set; never the key
		// or its seal.
		entity, id, data = audit.EntityRestreams, r.ID, map[string]any{"video_id": r.VideoID, "name": r.Name,
			"url": r.URL, "enabled": r.Enabled, "stream_key_set": r.KeySet()}
	default:
		return outbox.Message{}, fmt.Errorf("events: no audit entry for %T", e.Resource)
	}
	return audit.Message(*e.Actor, entity, id, action, data)
}

// resourceData is the audit entity, id and data of a resource's change.
func resourceData(e catalog.Event) (entity, id string, data any, err error) {
	entity, id, after := wireResource(e.Resource)
	if e.Kind != catalog.Updated || reflect.TypeOf(e.Before) != reflect.TypeOf(e.Resource) {
		return entity, id, after, nil
	}
	_, _, before := wireResource(e.Before)
	afterFields, err := audit.Fields(after)
	if err != nil {
		return "", "", nil, err
	}
	beforeFields, err := audit.Fields(before)
	if err != nil {
		return "", "", nil, err
	}
	changed := audit.Changes(beforeFields, afterFields)
	// The entry has its own actor and time.
	delete(changed, "updated_by")
	delete(changed, "updated_time")
	return entity, id, changed, nil
}

// wireResource is a catalog resource's audit entity, id and wire form.
func wireResource(resource any) (entity, id string, wire proto.Message) {
	switch r := resource.(type) {
	case catalog.Category:
		return audit.EntityCategories, r.ID, protomap.Category(r)
	case catalog.Player:
		return audit.EntityPlayers, r.ID, protomap.Player(r)
	case catalog.Video:
		return audit.EntityVideos, r.ID, protomap.Video(r)
	case catalog.Folder:
		return audit.EntityFolders, r.ID, protomap.Folder(r)
	}
	return "", "", nil
}
