package eventmsg_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/encoding/protojson"

	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/pkg/eventmsg"
	"github.com/vidhost/vidhost/pkg/ids"
)

func TestOutboxCarriesTheEventsIDAndPayload(t *testing.T) {
	at := time.Date(2026, 11, 24, 20, 0, 0, 123e6, time.UTC)
	meta := eventmsg.Meta("acc", "actor", at)
	assert.True(t, ids.Valid(meta.GetId()))
	assert.NotEqual(t, meta.GetId(), eventmsg.Meta("acc", "actor", at).GetId(), "a fresh id each time")
	assert.Equal(t, "2026-11-24T20:00:00.123Z", meta.GetOccurredTime())

	msg, err := eventmsg.Outbox(meta, "user.updated", &eventsv1.UserEvent{Meta: meta, UserId: "u1"})
	require.NoError(t, err)
	assert.Equal(t, meta.GetId(), msg.ID, "the Nats-Msg-Id is the event's id")
	assert.Equal(t, "user.updated", msg.Subject)
	var back eventsv1.UserEvent
	require.NoError(t, protojson.Unmarshal(msg.Payload, &back))
	assert.Equal(t, "u1", back.GetUserId())
	assert.Equal(t, "acc", back.GetMeta().GetAccountId())
}
