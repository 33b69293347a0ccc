package events_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/encoding/protojson"

	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/services/hooks/internal/events"
	"github.com/vidhost/vidhost/services/hooks/internal/hooks"
)

func TestDecodeExperienceDegraded(t *testing.T) {
	data, err := protojson.Marshal(&eventsv1.ExperienceDegraded{
		Meta:        &eventsv1.EventMeta{Id: "e1", AccountId: "a1", OccurredTime: "2026-11-24T19:05:00.000Z"},
		VideoId:     "v1",
		WindowStart: "2026-11-24T18:00:00.000Z", WindowEnd: "2026-11-24T19:00:00.000Z",
		Plays: 12, ErrorRate: 1, Conditions: []string{"error_rate"},
		Thresholds: &eventsv1.ExperienceThresholds{StartupTimeP95: 5, ErrorRate: 0.1, MinPlays: 10},
	})
	require.NoError(t, err)

	e, err := events.DecodeExperienceDegraded(data)
	require.NoError(t, err)
	assert.Equal(t, hooks.ExperienceDegraded{EventID: "e1", AccountID: "a1", VideoID: "v1",
		Occurred: time.Date(2026, 11, 24, 19, 5, 0, 0, time.UTC), Payload: e.Payload,
		Facts: hooks.ExperienceFacts{Plays: 12, ErrorRate: 1, Conditions: []string{"error_rate"}}}, e)
	var body struct {
		Type      string         `json:"type"`
		Timestamp string         `json:"timestamp"`
		Data      map[string]any `json:"data"`
	}
	require.NoError(t, json.Unmarshal(e.Payload, &body))
	assert.Equal(t, "video.experience_degraded", body.Type)
	assert.Equal(t, "2026-11-24T19:05:00.000Z", body.Timestamp, "when the hour was judged")
	assert.Equal(t, map[string]any{
		"video_id": "v1", "window_start": "2026-11-24T18:00:00.000Z", "window_end": "2026-11-24T19:00:00.000Z",
		"plays": 12.0, "startups": 0.0, "error_rate": 1.0, "conditions": []any{"error_rate"}, "partial": false,
		"thresholds": map[string]any{"startup_time_p95": 5.0, "error_rate": 0.1, "min_plays": 10.0},
	}, body.Data, "every field but meta; no startup_time_p95 when none was measured")

	_, err = events.DecodeExperienceDegraded([]byte(`{"meta":{"id":"e1"},"video_id":"v1"}`))
	assert.ErrorContains(t, err, "without event id, account or video")
	_, err = events.DecodeExperienceDegraded([]byte(`not json`))
	assert.Error(t, err)
}
