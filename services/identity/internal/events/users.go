package events

import (
	"fmt"

	"google.golang.org/protobuf/encoding/protojson"

	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/pkg/timefmt"
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
	id := ids.New()
	payload, err := protojson.Marshal(&eventsv1.UserEvent{
		Meta:   &eventsv1.EventMeta{Id: id, AccountId: ev.AccountID, ActorId: ev.ActorID, OccurredTime: timefmt.Format(ev.Time)},
		UserId: ev.User.ID,
	})
	if err != nil {
		return outbox.Message{}, fmt.Errorf("encode %s event: %w", subject, err)
	}
	return outbox.Message{ID: id, Subject: subject, Payload: payload}, nil
}
