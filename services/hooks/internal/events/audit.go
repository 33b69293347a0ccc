package events

import (
	"fmt"

	"google.golang.org/protobuf/proto"

	"github.com/vidhost/vidhost/pkg/audit"
	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/services/hooks/internal/hooks"
	"github.com/vidhost/vidhost/services/hooks/internal/protomap"
)

var auditActions = map[hooks.EventKind]string{
	hooks.Created: audit.ActionCreate,
	hooks.Updated: audit.ActionUpdate,
	hooks.Deleted: audit.ActionDelete,
}

// Messages are the outbox messages of e: its event on the bus and its
// entry in the account's audit log.
func Messages(e hooks.Event) ([]outbox.Message, error) {
	msg, err := Message(e)
	if err != nil {
		return nil, err
	}
	entry, err := AuditMessage(e)
	if err != nil {
		return nil, err
	}
	return []outbox.Message{msg, entry}, nil
}

// AuditMessage encodes e as an audit entry: the resource as the interface
// shows it (no credential), or for an update the fields it changed. A
// credential that changed is named, its value [redacted].
func AuditMessage(e hooks.Event) (outbox.Message, error) {
	action, ok := auditActions[e.Kind]
	if !ok {
		return outbox.Message{}, fmt.Errorf("events: no audit entry for %s", e.Kind)
	}
	var entity, id string
	var after, before proto.Message
	var credentials []string
	switch r := e.Resource.(type) {
	case hooks.Target:
		entity, id, after = audit.EntityServices, r.ID, protomap.Service(r)
		if was, ok := e.Before.(hooks.Target); ok {
			before, credentials = protomap.Service(was), changedCredentials(was.Credentials, r.Credentials)
		}
	case hooks.Hook:
		entity, id, after = audit.EntityHooks, r.ID, protomap.Hook(r)
		if was, ok := e.Before.(hooks.Hook); ok {
			before = protomap.Hook(was)
		}
	default:
		return outbox.Message{}, fmt.Errorf("events: no audit entry for %T", e.Resource)
	}
	data, err := auditData(after, before, credentials)
	if err != nil {
		return outbox.Message{}, err
	}
	return audit.Message(e.Actor, entity, id, action, data)
}

// auditData is after's fields, or those that differ from before's.
func auditData(after, before proto.Message, credentials []string) (map[string]any, error) {
	fields, err := audit.Fields(after)
	if err != nil || before == nil {
		return fields, err
	}
	was, err := audit.Fields(before)
	if err != nil {
		return nil, err
	}
	changed := audit.Changes(was, fields)
	for _, name := range credentials {
		changed[name] = audit.Redacted
	}
	return changed, nil
}

// changedCredentials names the write-only fields an update changed.
func changedCredentials(before, after hooks.Credentials) []string {
	var names []string
	for _, f := range []struct {
		name          string
		before, after string
	}{
		{"secret", before.Secret, after.Secret},
		{"api_key", before.APIKey, after.APIKey},
		{"access_key_id", before.AccessKeyID, after.AccessKeyID},
		{"secret_access_key", before.SecretAccessKey, after.SecretAccessKey},
	} {
		if f.before != f.after {
			names = append(names, f.name)
		}
	}
	return names
}
