package events

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/encoding/protojson"

	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"
	"github.com/vidhost/vidhost/services/identity/internal/keys"
)

func TestKeyMessage(t *testing.T) {
	ev := keys.Event{
		ID: "evt", Subject: "key.deleted", AccountID: "acc", ActorID: "actor", KeyID: "key",
		Time: time.Date(2026, 11, 21, 9, 30, 0, 123456000, time.UTC),
	}
	msg, err := KeyMessage(ev)
	require.NoError(t, err)
	assert.Equal(t, "evt", msg.ID)
	assert.Equal(t, "key.deleted", msg.Subject)

	var got eventsv1.KeyEvent
	require.NoError(t, protojson.Unmarshal(msg.Payload, &got))
	assert.Equal(t, "evt", got.GetMeta().GetId())
	assert.Equal(t, "acc", got.GetMeta().GetAccountId())
	assert.Equal(t, "actor", got.GetMeta().GetActorId())
	assert.Equal(t, "2026-11-21T09:30:00.123Z", got.GetMeta().GetOccurredTime())
	assert.Equal(t, "key", got.GetKeyId())
}
