package events

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/vidhost/vidhost/pkg/ids"
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"
	"github.com/vidhost/vidhost/services/identity/internal/keys"
)

func TestKeyMessage(t *testing.T) {
	tests := []struct {
		kind    keys.EventKind
		subject string
	}{
		{keys.KeyCreated, "key.created"},
		{keys.KeyUpdated, "key.updated"},
		{keys.KeyDeleted, "key.deleted"},
	}
	for _, tt := range tests {
		t.Run(tt.subject, func(t *testing.T) {
			ev := keys.Event{
				Kind: tt.kind, AccountID: "acc", ActorID: "actor", Key: keys.Key{ID: "key"},
				Time: time.Date(2026, 11, 21, 9, 30, 0, 123456000, time.UTC),
			}
			msg, err := KeyMessage(ev)
			require.NoError(t, err)
			assert.True(t, ids.Valid(msg.ID), "a fresh event id")
			assert.Equal(t, tt.subject, msg.Subject)

			var got eventsv1.KeyEvent
			require.NoError(t, protojson.Unmarshal(msg.Payload, &got))
			want := &eventsv1.KeyEvent{
				Meta:  &eventsv1.EventMeta{Id: msg.ID, AccountId: "acc", ActorId: "actor", OccurredTime: "2026-11-21T09:30:00.123Z"},
				KeyId: "key",
			}
			assert.True(t, proto.Equal(want, &got), "the message id is the event id; got %v", &got)
		})
	}
}

func TestKeyMessageRefusesAnUnknownKind(t *testing.T) {
	_, err := KeyMessage(keys.Event{})
	assert.Error(t, err)
}
