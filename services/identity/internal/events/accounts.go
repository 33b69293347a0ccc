package events

import (
	"time"

	"github.com/vidhost/vidhost/pkg/eventmsg"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/pkg/timefmt"
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"
)

// AccountMessage encodes account.updated: an account's plan and whether it
// is enabled, as of updated, changed by actorID.
func AccountMessage(accountID, actorID, plan string, enabled bool, updated time.Time) (outbox.Message, error) {
	meta := eventmsg.Meta(accountID, actorID, updated)
	return eventmsg.Outbox(meta, natsx.SubjectAccountUpdated, &eventsv1.AccountEvent{
		Meta: meta, AccountId: accountID, Plan: plan, Enabled: enabled,
		UpdatedTime: timefmt.FormatMicro(updated),
	})
}
