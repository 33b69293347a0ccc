package eventmsg

import (
	"fmt"
	"time"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/pkg/timefmt"
)

// Meta returns the meta of a new event: a fresh id, the account, who caused
// it and when.
func Meta(accountID, actorID string, at time.Time) *eventsv1.EventMeta {
	return &eventsv1.EventMeta{Id: ids.New(), AccountId: accountID, ActorId: actorID, OccurredTime: timefmt.Format(at)}
}

// Outbox encodes payload, an event carrying meta, as the outbox message to
// publish on subject, with meta's id as its id.
func Outbox(meta *eventsv1.EventMeta, subject string, payload proto.Message) (outbox.Message, error) {
	data, err := protojson.Marshal(payload)
	if err != nil {
		return outbox.Message{}, fmt.Errorf("events: encode %s: %w", subject, err)
	}
	return outbox.Message{ID: meta.GetId(), Subject: subject, Payload: data}, nil
}
