package events

import (
	"fmt"

	"google.golang.org/protobuf/encoding/protojson"

	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"
	uploadv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/upload/v1"

	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/pkg/timefmt"
	"github.com/vidhost/vidhost/services/upload/internal/protomap"
	"github.com/vidhost/vidhost/services/upload/internal/upload"
)

// Message encodes e as an upload.completed outbox message with a new event
// id. The upload's url is never part of an event.
func Message(e upload.Event) (outbox.Message, error) {
	meta := &eventsv1.EventMeta{
		Id:           ids.New(),
		AccountId:    e.AccountID,
		ActorId:      e.ActorID,
		OccurredTime: timefmt.Format(e.Time),
	}
	u := e.Upload
	u.URL = ""
	data, err := protojson.Marshal(&uploadv1.UploadEvent{Meta: meta, Upload: protomap.Upload(u)})
	if err != nil {
		return outbox.Message{}, fmt.Errorf("events: encode %s: %w", natsx.SubjectUploadCompleted, err)
	}
	return outbox.Message{ID: meta.Id, Subject: natsx.SubjectUploadCompleted, Payload: data}, nil
}
