package events

import (
	"fmt"

	"google.golang.org/protobuf/encoding/protojson"

	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/pkg/timefmt"
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
	id := ids.New()
	payload, err := protojson.Marshal(&eventsv1.KeyEvent{
		Meta: &eventsv1.EventMeta{
			Id:           id,
			AccountId:    ev.AccountID,
			ActorId:      ev.ActorID,
			OccurredTime: timefmt.Format(ev.Time),
		},
		KeyId: ev.Key.ID,
	})
	if err != nil {
		return outbox.Message{}, fmt.Errorf("encode %s event: %w", subject, err)
	}
	return outbox.Message{ID: id, Subject: subject, Payload: payload}, nil
}
