package events

import (
	"fmt"

	"google.golang.org/protobuf/encoding/protojson"

	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/pkg/timefmt"
	"github.com/vidhost/vidhost/services/upload/internal/upload"
)

// QuotaReachedMessage encodes e as an upload.quota_reached outbox message
// with a new event id (its Nats-Msg-Id).
func QuotaReachedMessage(e upload.QuotaReached) (outbox.Message, error) {
	meta := &eventsv1.EventMeta{
		Id:           ids.New(),
		AccountId:    e.AccountID,
		ActorId:      e.ActorID,
		OccurredTime: timefmt.Format(e.Time),
	}
	data, err := protojson.Marshal(&eventsv1.UploadQuotaReached{
		Meta: meta, Plan: e.Plan, QuotaBytes: e.QuotaBytes, UsedBytes: e.UsedBytes, RequestedBytes: e.RequestedBytes,
	})
	if err != nil {
		return outbox.Message{}, fmt.Errorf("events: encode %s: %w", natsx.SubjectUploadQuotaReached, err)
	}
	return outbox.Message{ID: meta.Id, Subject: natsx.SubjectUploadQuotaReached, Payload: data}, nil
}
