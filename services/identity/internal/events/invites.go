package events

import (
	"fmt"

	"google.golang.org/protobuf/proto"

	"github.com/vidhost/vidhost/pkg/eventmsg"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/outbox"
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"
	"github.com/vidhost/vidhost/services/identity/internal/invites"
)

// InviteMessage encodes an invite event: user.invited as an InviteEvent, an
// accepted invite as the user.created or user.updated UserEvent of the user
// it made or completed.
func InviteMessage(ev invites.Event) (outbox.Message, error) {
	meta := eventmsg.Meta(ev.AccountID, ev.ActorID, ev.Time)
	var (
		subject string
		msg     proto.Message
	)
	switch ev.Kind {
	case invites.UserInvited:
		subject, msg = natsx.SubjectUserInvited, &eventsv1.InviteEvent{Meta: meta, InviteId: ev.Invite.ID, Role: ev.Invite.Role}
	case invites.UserJoined:
		subject, msg = natsx.SubjectUserCreated, &eventsv1.UserEvent{Meta: meta, UserId: ev.UserID}
	case invites.UserCompleted:
		subject, msg = natsx.SubjectUserUpdated, &eventsv1.UserEvent{Meta: meta, UserId: ev.UserID}
	default:
		return outbox.Message{}, fmt.Errorf("events: no subject for invite event kind %d", ev.Kind)
	}
	return eventmsg.Outbox(meta, subject, msg)
}
