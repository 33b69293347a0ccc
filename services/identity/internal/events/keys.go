package events

import (
	"fmt"

	"github.com/vidhost/vidhost/pkg/eventmsg"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/outbox"
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"
	"github.com/vidhost/vidhost/services/identity/internal/keys"
)

// keySubjects maps each kind of key event to its subject.
var keySubjects = map[keys.EventKind]string{
	keys.KeyCreated: natsx.SubjectKeyCreated,
	keys.KeyUpdated: natsx.SubjectKeyUpdated,
	keys.KeyDeleted: natsx.SubjectKeyDeleted,
}

// KeyMessage encodes a key event (key.created|updated|deleted) as an outbox
// message with a new event id.
func KeyMessage(ev keys.Event) (outbox.Message, error) {
	subject, ok := keySubjects[ev.Kind]
	if !ok {
		return outbox.Message{}, fmt.Errorf("events: no subject for key event kind %d", ev.Kind)
	}
	meta := eventmsg.Meta(ev.AccountID, ev.ActorID, ev.Time)
	return eventmsg.Outbox(meta, subject, &eventsv1.KeyEvent{Meta: meta, KeyId: ev.Key.ID})
}
