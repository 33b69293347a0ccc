package events

import (
	"fmt"

	"google.golang.org/protobuf/encoding/protojson"

	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/pkg/timefmt"
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"
	"github.com/vidhost/vidhost/services/identity/internal/keys"
)

// KeyMessage encodes a key event (key.created|updated|deleted).
func KeyMessage(ev keys.Event) (outbox.Message, error) {
	payload, err := protojson.Marshal(&eventsv1.KeyEvent{
		Meta: &eventsv1.EventMeta{
			Id:           ev.ID,
			AccountId:    ev.AccountID,
			ActorId:      ev.ActorID,
			OccurredTime: timefmt.Format(ev.Time),
		},
		KeyId: ev.KeyID,
	})
	if err != nil {
		return outbox.Message{}, fmt.Errorf("encode %s event: %w", ev.Subject, err)
	}
	return outbox.Message{ID: ev.ID, Subject: ev.Subject, Payload: payload}, nil
}
