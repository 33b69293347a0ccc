package events_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/encoding/protojson"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/services/hooks/internal/events"
	"github.com/vidhost/vidhost/services/hooks/internal/hooks"
)

func TestDecodeVideoOutcome(t *testing.T) {
	data, err := protojson.Marshal(&eventsv1.VideoEvent{
		Meta: &eventsv1.EventMeta{Id: "e1", AccountId: "a1", OccurredTime: "2026-11-24T19:00:00.000Z"},
		Video: &catalogv1.Video{Id: "v1", Name: "Launch", Status: "error", StatusReason: "no video stream",
			CreatedTime: "2026-11-24T18:00:00.000Z"},
	})
	require.NoError(t, err)

	o, err := events.DecodeVideoOutcome(natsx.SubjectVideoError, data)
	require.NoError(t, err)
	assert.Equal(t, hooks.VideoOutcome{AccountID: "a1", VideoID: "v1", Status: hooks.OutcomeError, Reason: "no video stream",
		Payload: o.Payload}, o)
	var body struct {
		Type      string         `json:"type"`
		Timestamp string         `json:"timestamp"`
		Data      map[string]any `json:"data"`
	}
	require.NoError(t, json.Unmarshal(o.Payload, &body))
	assert.Equal(t, "video.created", body.Type, "still the hook's event")
	assert.Equal(t, "2026-11-24T18:00:00.000Z", body.Timestamp, "when the video was created")
	assert.Equal(t, "v1", body.Data["id"])

	for subject, status := range map[string]string{natsx.SubjectVideoReady: hooks.OutcomeReady, natsx.SubjectVideoDeleted: hooks.OutcomeDeleted} {
		o, err := events.DecodeVideoOutcome(subject, data)
		require.NoError(t, err)
		assert.Equal(t, status, o.Status)
	}
	_, err = events.DecodeVideoOutcome(natsx.SubjectVideoUpdated, data)
	assert.ErrorContains(t, err, "not a video outcome")
	_, err = events.DecodeVideoOutcome(natsx.SubjectVideoReady, []byte(`{"meta":{}}`))
	assert.ErrorContains(t, err, "without account or video")
}
