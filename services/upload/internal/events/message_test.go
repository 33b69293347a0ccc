package events_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/encoding/protojson"

	uploadv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/upload/v1"

	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/services/upload/internal/events"
	"github.com/vidhost/vidhost/services/upload/internal/upload"
)

func TestMessageIsUploadCompletedWithoutURL(t *testing.T) {
	at := time.Date(2026, 11, 21, 9, 30, 0, 0, time.UTC)
	u := upload.Upload{ID: "u1", Name: "a.mp4", Size: 42, Key: "uploads/acc/u1/a.mp4", URL: "https://secret"}

	msg, err := events.Message(upload.Event{AccountID: "acc", ActorID: "key", Time: at, Upload: u})

	require.NoError(t, err)
	assert.Equal(t, natsx.SubjectUploadCompleted, msg.Subject)
	var event uploadv1.UploadEvent
	require.NoError(t, protojson.Unmarshal(msg.Payload, &event))
	assert.Equal(t, msg.ID, event.GetMeta().GetId())
	assert.Equal(t, "acc", event.GetMeta().GetAccountId())
	assert.Equal(t, "2026-11-21T09:30:00.000Z", event.GetMeta().GetOccurredTime())
	assert.Equal(t, "u1", event.GetUpload().GetId())
	assert.Equal(t, float64(42), event.GetUpload().GetSize())
	assert.Empty(t, event.GetUpload().GetUrl(), "presigned URLs never travel in events")
}
