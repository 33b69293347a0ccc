package events

import (
	"fmt"

	"google.golang.org/protobuf/proto"

	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/pkg/eventmsg"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/services/hooks/internal/hooks"
	"github.com/vidhost/vidhost/services/hooks/internal/protomap"
)

var (
	serviceSubjects = map[hooks.EventKind]string{
		hooks.Created: natsx.SubjectServiceCreated,
		hooks.Updated: natsx.SubjectServiceUpdated,
		hooks.Deleted: natsx.SubjectServiceDeleted,
	}
	hookSubjects = map[hooks.EventKind]string{
		hooks.Created: natsx.SubjectHookCreated,
		hooks.Updated: natsx.SubjectHookUpdated,
		hooks.Deleted: natsx.SubjectHookDeleted,
	}
)

// Message encodes e as an outbox message with a new event id.
func Message(e hooks.Event) (outbox.Message, error) {
	meta := eventmsg.Meta(e.AccountID, e.ActorID, e.Time)
	var subject string
	var payload proto.Message
	switch r := e.Resource.(type) {
	case hooks.Target:
		subject = serviceSubjects[e.Kind]
		payload = &eventsv1.ServiceEvent{Meta: meta, Service: protomap.Service(r)}
	case hooks.Hook:
		subject = hookSubjects[e.Kind]
		payload = &eventsv1.HookEvent{Meta: meta, Hook: protomap.Hook(r)}
	default:
		return outbox.Message{}, fmt.Errorf("events: no event for %T", e.Resource)
	}
	if subject == "" {
		return outbox.Message{}, fmt.Errorf("events: no subject for %T %s", e.Resource, e.Kind)
	}
	return eventmsg.Outbox(meta, subject, payload)
}
