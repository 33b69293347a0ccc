package events

import (
	"fmt"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/pkg/timefmt"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
	"github.com/vidhost/vidhost/services/catalog/internal/protomap"
)

// subjects maps each resource's event kinds to their subjects.
var (
	categorySubjects = map[catalog.EventKind]string{
		catalog.Created: natsx.SubjectCategoryCreated,
		catalog.Updated: natsx.SubjectCategoryUpdated,
		catalog.Deleted: natsx.SubjectCategoryDeleted,
	}
	playerSubjects = map[catalog.EventKind]string{
		catalog.Created: natsx.SubjectPlayerCreated,
		catalog.Updated: natsx.SubjectPlayerUpdated,
		catalog.Deleted: natsx.SubjectPlayerDeleted,
	}
)

// Message encodes e as an outbox message with a new event id.
func Message(e catalog.Event) (outbox.Message, error) {
	meta := &eventsv1.EventMeta{
		Id:           ids.New(),
		AccountId:    e.AccountID,
		ActorId:      e.ActorID,
		OccurredTime: timefmt.Format(e.Time),
	}
	var subject string
	var payload proto.Message
	switch r := e.Resource.(type) {
	case catalog.Category:
		subject = categorySubjects[e.Kind]
		payload = &eventsv1.CategoryEvent{Meta: meta, Category: protomap.Category(r)}
	case catalog.Player:
		subject = playerSubjects[e.Kind]
		payload = &eventsv1.PlayerEvent{Meta: meta, Player: protomap.Player(r)}
	default:
		return outbox.Message{}, fmt.Errorf("events: no event for %T", e.Resource)
	}
	if subject == "" {
		return outbox.Message{}, fmt.Errorf("events: no subject for %T %s", e.Resource, e.Kind)
	}
	data, err := protojson.Marshal(payload)
	if err != nil {
		return outbox.Message{}, fmt.Errorf("events: encode %s: %w", subject, err)
	}
	return outbox.Message{ID: meta.Id, Subject: subject, Payload: data}, nil
}
