package events

import (
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/pkg/eventmsg"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/services/upload/internal/upload"
)

// QuotaReachedMessage encodes e as an upload.quota_reached outbox message
// with a new event id (its Nats-Msg-Id).
func QuotaReachedMessage(e upload.QuotaReached) (outbox.Message, error) {
	meta := eventmsg.Meta(e.AccountID, e.ActorID, e.Time)
	return eventmsg.Outbox(meta, natsx.SubjectUploadQuotaReached, &eventsv1.UploadQuotaReached{
		Meta: meta, Plan: e.Plan, QuotaBytes: e.QuotaBytes, UsedBytes: e.UsedBytes, RequestedBytes: e.RequestedBytes,
	})
}
