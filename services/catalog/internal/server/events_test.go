package server_test

import (
	"testing"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/fieldmaskpb"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/pkg/ids"
)

func TestCategoryChangesArePublished(t *testing.T) {
	t.Parallel()
	b := setup(t)
	events := b.events(t, "category.>")
	ctx := as(t, b.alice)

	created := createCategory(t, b, b.alice, "Sport", "sport")
	updated, err := b.client.UpdateCategory(ctx, &catalogv1.UpdateCategoryRequest{
		Id: created.GetId(), Category: &catalogv1.Category{Name: "Sports"},
		UpdateMask: &fieldmaskpb.FieldMask{Paths: []string{"name"}},
	})
	require.NoError(t, err)
	_, err = b.client.DeleteCategory(ctx, &catalogv1.DeleteCategoryRequest{Id: created.GetId()})
	require.NoError(t, err)

	for _, want := range []struct {
		subject  string
		category *catalogv1.Category
	}{
		{"category.created", created},
		{"category.updated", updated},
		{"category.deleted", updated},
	} {
		msg := next(t, events)
		var event eventsv1.CategoryEvent
		meta := decode(t, msg, want.subject, &event)
		assert.Equal(t, b.alice.AccountID, meta.GetAccountId())
		assert.Equal(t, want.category.String(), event.GetCategory().String(), want.subject)
	}
}

func TestPlayerChangesArePublished(t *testing.T) {
	t.Parallel()
	b := setup(t)
	events := b.events(t, "player.>")
	ctx := as(t, b.alice)

	created := createPlayer(t, b, b.alice, "Main")
	updated, err := b.client.UpdatePlayer(ctx, &catalogv1.UpdatePlayerRequest{
		Id: created.GetId(), Player: &catalogv1.Player{Muted: true},
		UpdateMask: &fieldmaskpb.FieldMask{Paths: []string{"muted"}},
	})
	require.NoError(t, err)
	_, err = b.client.DeletePlayer(ctx, &catalogv1.DeletePlayerRequest{Id: created.GetId()})
	require.NoError(t, err)

	for _, want := range []struct {
		subject string
		player  *catalogv1.Player
	}{
		{"player.created", created},
		{"player.updated", updated},
		{"player.deleted", updated},
	} {
		msg := next(t, events)
		var event eventsv1.PlayerEvent
		decode(t, msg, want.subject, &event)
		assert.Equal(t, want.player.String(), event.GetPlayer().String(), want.subject)
		assert.True(t, event.GetPlayer().GetPlaysinline(), "defaults travel in the event too")
	}
}

// event is what CategoryEvent and PlayerEvent have in common.
type event interface {
	proto.Message
	GetMeta() *eventsv1.EventMeta
}

// decode checks msg's subject and Msg-Id header, decodes its protojson
// payload into into and returns the event's meta.
func decode(t *testing.T, msg jetstream.Msg, subject string, into event) *eventsv1.EventMeta {
	t.Helper()
	assert.Equal(t, subject, msg.Subject())
	require.NoError(t, protojson.Unmarshal(msg.Data(), into))
	meta := into.GetMeta()
	assert.True(t, ids.Valid(meta.GetId()), "event id %q", meta.GetId())
	assert.Equal(t, meta.GetId(), msg.Headers().Get(jetstream.MsgIDHeader), "Nats-Msg-Id is the event id")
	assert.Equal(t, "alice-user", meta.GetActorId())
	assert.NotEmpty(t, meta.GetOccurredTime())
	return meta
}

// A change refused inside its transaction (here by the unique value) is
// rolled back with its event: the next event on the stream is the next
// committed change.
func TestRefusedChangePublishesNoEvent(t *testing.T) {
	t.Parallel()
	b := setup(t)
	events := b.events(t, "category.>")
	ctx := as(t, b.alice)
	createCategory(t, b, b.alice, "Sport", "sport")
	news := createCategory(t, b, b.alice, "News", "news")

	_, err := b.client.UpdateCategory(ctx, &catalogv1.UpdateCategoryRequest{
		Id: news.GetId(), Category: &catalogv1.Category{Value: "sport"},
		UpdateMask: &fieldmaskpb.FieldMask{Paths: []string{"value"}},
	})
	require.Error(t, err)
	_, err = b.client.DeleteCategory(ctx, &catalogv1.DeleteCategoryRequest{Id: news.GetId()})
	require.NoError(t, err)

	var subjects []string
	for range 3 {
		subjects = append(subjects, next(t, events).Subject())
	}
	assert.Equal(t, []string{"category.created", "category.created", "category.deleted"}, subjects)
}
