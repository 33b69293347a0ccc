package events

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/protobuf/encoding/protojson"

	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/services/hooks/internal/hooks"
)

// ExperienceConsumerName is the durable consumer of the analytics
// service's video.experience_degraded, through which its hooks are matched
// and made due; events published while the service was down are matched
// when it is back.
const ExperienceConsumerName = "hooks-experience-degraded"

// ExperienceMatchFunc records the deliveries an alert calls for
// (hooks.Service.MatchExperienceDegraded).
type ExperienceMatchFunc func(ctx context.Context, e hooks.ExperienceDegraded) (int, error)

// StartExperienceConsumer creates (or updates) the durable consumer and
// matches alerts until stop is called.
func StartExperienceConsumer(ctx context.Context, js jetstream.JetStream, match ExperienceMatchFunc, logger *slog.Logger) (stop func(), err error) {
	return matcher[hooks.ExperienceDegraded]{consumer: ExperienceConsumerName, subject: natsx.SubjectVideoExperienceDegraded,
		decode: DecodeExperienceDegraded, match: match, videoID: func(e hooks.ExperienceDegraded) string { return e.VideoID }}.start(ctx, js, logger)
}

// alertJSON writes a webhook's data as the REST API writes resources:
// proto field names, zero values included (an absent startup_time_p95, no
// start measured, stays absent).
var alertJSON = protojson.MarshalOptions{UseProtoNames: true, EmitUnpopulated: true}

// alertData is the event's fields but its meta, as JSON.
func alertData(event *eventsv1.ExperienceDegraded) ([]byte, error) {
	encoded, err := alertJSON.Marshal(event)
	if err != nil {
		return nil, fmt.Errorf("events: encode alert: %w", err)
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(encoded, &fields); err != nil {
		return nil, fmt.Errorf("events: encode alert: %w", err)
	}
	delete(fields, "meta")
	return json.Marshal(fields) // the fields in name order
}

// DecodeExperienceDegraded reads a video.experience_degraded event. The
// webhook's data is the event without its meta: the receiver's account is
// its own, and the event's id is the delivery's webhook-id's business.
func DecodeExperienceDegraded(data []byte) (hooks.ExperienceDegraded, error) {
	var event eventsv1.ExperienceDegraded
	if err := (protojson.UnmarshalOptions{DiscardUnknown: true}).Unmarshal(data, &event); err != nil {
		return hooks.ExperienceDegraded{}, fmt.Errorf("events: decode %s: %w", natsx.SubjectVideoExperienceDegraded, err)
	}
	meta := event.GetMeta()
	if meta.GetId() == "" || meta.GetAccountId() == "" || event.GetVideoId() == "" {
		return hooks.ExperienceDegraded{}, errors.New("events: " + natsx.SubjectVideoExperienceDegraded + " without event id, account or video")
	}
	encoded, err := alertData(&event)
	if err != nil {
		return hooks.ExperienceDegraded{}, err
	}
	payload, err := json.Marshal(payload{Type: natsx.SubjectVideoExperienceDegraded, Timestamp: meta.GetOccurredTime(), Data: encoded})
	if err != nil {
		return hooks.ExperienceDegraded{}, fmt.Errorf("events: encode payload: %w", err)
	}
	occurred, _ := time.Parse(time.RFC3339Nano, meta.GetOccurredTime()) // zero if absent: every hook may match
	return hooks.ExperienceDegraded{
		EventID: meta.GetId(), AccountID: meta.GetAccountId(), VideoID: event.GetVideoId(), Occurred: occurred, Payload: payload,
		Facts: hooks.ExperienceFacts{
			Plays: int64(event.GetPlays()), Startups: int64(event.GetStartups()),
			StartupP95: event.GetStartupTimeP95(), HasStartupP95: event.StartupTimeP95 != nil,
			ErrorRate: event.GetErrorRate(), Conditions: event.GetConditions(), Partial: event.GetPartial(),
		},
	}, nil
}
