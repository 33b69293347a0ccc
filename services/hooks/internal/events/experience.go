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
	"github.com/vidhost/vidhost/pkg/telemetry"
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
	policy, err := deliverPolicy(ctx, js, ExperienceConsumerName)
	if err != nil {
		return nil, err
	}
	consumer, err := js.CreateOrUpdateConsumer(ctx, natsx.StreamNameCatalog, jetstream.ConsumerConfig{
		Durable:        ExperienceConsumerName,
		FilterSubjects: []string{natsx.SubjectVideoExperienceDegraded},
		AckPolicy:      jetstream.AckExplicitPolicy,
		AckWait:        ackWait,
		MaxDeliver:     -1, // database outages retry until they pass; poison is dead-lettered
		DeliverPolicy:  policy,
	})
	if err != nil {
		return nil, fmt.Errorf("events: %s consumer: %w", natsx.SubjectVideoExperienceDegraded, err)
	}
	base := context.WithoutCancel(ctx)
	settle := natsx.Settler{JS: js, Logger: logger, Backoff: retries, Timeout: matchTimeout}
	handle := func(msg jetstream.Msg) {
		ctx, span := telemetry.StartConsumer(base, msg, natsx.SubjectVideoExperienceDegraded)
		defer span.End()
		event, err := DecodeExperienceDegraded(msg.Data())
		if err != nil {
			settle.DeadLetter(ctx, msg, err)
			return
		}
		ctx, cancel := context.WithTimeout(ctx, matchTimeout)
		defer cancel()
		due, err := match(ctx, event)
		if err != nil {
			settle.Retry(msg, natsx.SubjectVideoExperienceDegraded+" not matched", err, "video_id", event.VideoID)
			return
		}
		if due > 0 {
			logger.Debug(natsx.SubjectVideoExperienceDegraded+" matched", "video_id", event.VideoID, "deliveries", due)
		}
		_ = msg.Ack()
	}
	stop, err = consumeConcurrently(consumer, handle, natsx.SubjectVideoExperienceDegraded+" consumer", logger)
	if err != nil {
		return nil, fmt.Errorf("events: consume %s: %w", natsx.SubjectVideoExperienceDegraded, err)
	}
	return stop, nil
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
