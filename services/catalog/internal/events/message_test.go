package events

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/encoding/protojson"

	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
)

func TestMessageSubjects(t *testing.T) {
	category := catalog.Category{ID: "c", Name: "Sport", Value: "sport"}
	player := catalog.DefaultPlayer()
	tests := []struct {
		kind     catalog.EventKind
		resource any
		subject  string
	}{
		{catalog.Created, category, "category.created"},
		{catalog.Updated, category, "category.updated"},
		{catalog.Deleted, category, "category.deleted"},
		{catalog.Created, player, "player.created"},
		{catalog.Updated, player, "player.updated"},
		{catalog.Deleted, player, "player.deleted"},
	}
	for _, tt := range tests {
		t.Run(tt.subject, func(t *testing.T) {
			msg, err := Message(catalog.Event{Kind: tt.kind, Resource: tt.resource})
			require.NoError(t, err)
			assert.Equal(t, tt.subject, msg.Subject)
		})
	}
}

func TestMessageCarriesMetaAndResource(t *testing.T) {
	when := time.Date(2026, 11, 21, 9, 30, 0, 0, time.UTC)
	e := catalog.Event{Kind: catalog.Created, AccountID: "acct", ActorID: "user", Time: when,
		Resource: catalog.Category{ID: "c", Name: "Sport", Value: "sport"}}

	msg, err := Message(e)
	require.NoError(t, err)

	var event eventsv1.CategoryEvent
	require.NoError(t, protojson.Unmarshal(msg.Payload, &event))
	assert.Equal(t, msg.ID, event.GetMeta().GetId(), "the outbox id (Nats-Msg-Id) is the event id")
	assert.Equal(t, "acct", event.GetMeta().GetAccountId())
	assert.Equal(t, "user", event.GetMeta().GetActorId())
	assert.Equal(t, "2026-11-21T09:30:00.000Z", event.GetMeta().GetOccurredTime())
	assert.Equal(t, "sport", event.GetCategory().GetValue())
}

func TestMessageRefusesUnknownEvents(t *testing.T) {
	_, err := Message(catalog.Event{Kind: catalog.Created, Resource: "a string"})
	assert.Error(t, err)
	_, err = Message(catalog.Event{Kind: 0, Resource: catalog.Category{}})
	assert.Error(t, err)
}
