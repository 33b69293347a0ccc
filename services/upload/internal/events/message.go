package events

import (
	uploadv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/upload/v1"

	"github.com/vidhost/vidhost/pkg/eventmsg"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/services/upload/internal/protomap"
	"github.com/vidhost/vidhost/services/upload/internal/upload"
)

// Message encodes e as an upload.completed outbox message with a new event
// id. The upload's url is never part of an event.
func Message(e upload.Event) (outbox.Message, error) {
	meta := eventmsg.Meta(e.AccountID, e.ActorID, e.Time)
	u := e.Upload
	u.URL = ""
	return eventmsg.Outbox(meta, natsx.SubjectUploadCompleted, &uploadv1.UploadEvent{Meta: meta, Upload: protomap.Upload(u)})
}
