package events

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/encoding/protojson"

	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"
	"github.com/vidhost/vidhost/services/identity/internal/invites"
)

func TestInviteMessage(t *testing.T) {
	at := time.Date(2026, 11, 24, 9, 30, 0, 0, time.UTC)
	inv := invites.Invite{ID: "inv", Role: "viewer"}

	msg, err := InviteMessage(invites.Event{Kind: invites.UserInvited, AccountID: "acc", ActorID: "key", Time: at, Invite: inv})
	require.NoError(t, err)
	assert.Equal(t, "user.invited", msg.Subject)
	var invited eventsv1.InviteEvent
	require.NoError(t, protojson.Unmarshal(msg.Payload, &invited))
	assert.Equal(t, "inv", invited.GetInviteId())
	assert.Equal(t, "viewer", invited.GetRole())
	assert.Equal(t, msg.ID, invited.GetMeta().GetId())

	for kind, subject := range map[invites.EventKind]string{invites.UserJoined: "user.created", invites.UserCompleted: "user.updated"} {
		msg, err := InviteMessage(invites.Event{Kind: kind, AccountID: "acc", ActorID: "u", Time: at, Invite: inv, UserID: "u"})
		require.NoError(t, err)
		assert.Equal(t, subject, msg.Subject)
		var ev eventsv1.UserEvent
		require.NoError(t, protojson.Unmarshal(msg.Payload, &ev))
		assert.Equal(t, "u", ev.GetUserId())
	}
	_, err = InviteMessage(invites.Event{})
	assert.Error(t, err)
}
