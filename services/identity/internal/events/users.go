package events

import (
	"fmt"

	"github.com/vidhost/vidhost/pkg/eventmsg"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/outbox"
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"
	"github.com/vidhost/vidhost/services/identity/internal/users"
)

// userSubjects maps each kind of user event to its subject.
var userSubjects = map[users.EventKind]string{
	users.UserUpdated: natsx.SubjectUserUpdated,
	users.UserDeleted: natsx.SubjectUserDeleted,
}

// UserMessage encodes a user event (user.updated|deleted) as an outbox
// message with a new event id.
func UserMessage(ev users.Event) (outbox.Message, error) {
	subject, ok := userSubjects[ev.Kind]
	if !ok {
		return outbox.Message{}, fmt.Errorf("events: no subject for user event kind %d", ev.Kind)
	}
	meta := eventmsg.Meta(ev.AccountID, ev.ActorID, ev.Time)
	return eventmsg.Outbox(meta, subject, &eventsv1.UserEvent{Meta: meta, UserId: ev.User.ID})
}
