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

// VideoCreatedConsumerName is the durable consumer of video.created through
// which hooks are matched; events published while the service was down are
// matched when it is back.
const VideoCreatedConsumerName = "hooks-video-created"

const (
	matchTimeout = 10 * time.Second
	ackWait      = 30 * time.Second
)

// retries spaces retries of an event the database could not take.
var retries = natsx.Backoff{Min: time.Second, Max: 30 * time.Second}

// MatchFunc records the deliveries an event calls for
// (hooks.Service.MatchVideoCreated).
type MatchFunc func(ctx context.Context, e hooks.VideoCreated) (int, error)

// StartVideoCreatedConsumer creates (or updates) the durable consumer and
// matches events until stop is called.
func StartVideoCreatedConsumer(ctx context.Context, js jetstream.JetStream, match MatchFunc, logger *slog.Logger) (stop func(), err error) {
	policy, err := deliverPolicy(ctx, js, VideoCreatedConsumerName)
	if err != nil {
		return nil, err
	}
	consumer, err := js.CreateOrUpdateConsumer(ctx, natsx.StreamNameCatalog, jetstream.ConsumerConfig{
		Durable:        VideoCreatedConsumerName,
		FilterSubjects: []string{natsx.SubjectVideoCreated},
		AckPolicy:      jetstream.AckExplicitPolicy,
		AckWait:        ackWait,
		MaxDeliver:     -1, // database outages retry until they pass; poison is dead-lettered
		DeliverPolicy:  policy,
	})
	if err != nil {
		return nil, fmt.Errorf("events: video.created consumer: %w", err)
	}
	base := context.WithoutCancel(ctx)
	settle := natsx.Settler{JS: js, Logger: logger, Backoff: retries, Timeout: matchTimeout}
	handle := func(msg jetstream.Msg) {
		ctx, span := telemetry.StartConsumer(base, msg, "video.created") // continues the creating call's trace
		defer span.End()
		handleVideoCreated(ctx, settle, match, logger, msg)
	}
	stop, err = consumeConcurrently(consumer, handle, "video.created consumer", logger)
	if err != nil {
		return nil, fmt.Errorf("events: consume video.created: %w", err)
	}
	return stop, nil
}

// handleVideoCreated acks once the deliveries are recorded, naks with a
// delay when the database failed, and dead-letters what cannot be read.
func handleVideoCreated(base context.Context, settle natsx.Settler, match MatchFunc, logger *slog.Logger, msg jetstream.Msg) {
	event, err := DecodeVideoCreated(msg.Data())
	if err != nil {
		settle.DeadLetter(base, msg, err)
		return
	}
	ctx, cancel := context.WithTimeout(base, matchTimeout)
	defer cancel()
	recorded, err := match(ctx, event)
	if err != nil {
		settle.Retry(msg, "video.created not matched", err, "video_id", event.VideoID)
		return
	}
	if recorded > 0 {
		logger.Debug("video.created matched", "video_id", event.VideoID, "deliveries", recorded)
	}
	_ = msg.Ack()
}

// payload is the body a webhook receives, in the Standard Webhooks shape:
// the event's type, when it happened, and the video as GET shows it.
type payload struct {
	Type      string          `json:"type"`
	Timestamp string          `json:"timestamp"`
	Data      json.RawMessage `json:"data"`
}

var videoJSON = protojson.MarshalOptions{UseProtoNames: true, EmitUnpopulated: true}

// DecodeVideoCreated reads a video.created event.
func DecodeVideoCreated(data []byte) (hooks.VideoCreated, error) {
	var event eventsv1.VideoEvent
	if err := protojson.Unmarshal(data, &event); err != nil {
		return hooks.VideoCreated{}, fmt.Errorf("events: decode video.created: %w", err)
	}
	meta, video := event.GetMeta(), event.GetVideo()
	if meta.GetId() == "" || meta.GetAccountId() == "" || video.GetId() == "" {
		return hooks.VideoCreated{}, errors.New("events: video.created without event id, account or video")
	}
	data, err := videoJSON.Marshal(video)
	if err != nil {
		return hooks.VideoCreated{}, fmt.Errorf("events: encode video: %w", err)
	}
	body, err := json.Marshal(payload{Type: natsx.SubjectVideoCreated, Timestamp: meta.GetOccurredTime(), Data: data})
	if err != nil {
		return hooks.VideoCreated{}, fmt.Errorf("events: encode payload: %w", err)
	}
	occurred, _ := time.Parse(time.RFC3339Nano, meta.GetOccurredTime()) // zero if absent: every hook may match
	return hooks.VideoCreated{
		EventID: meta.GetId(), AccountID: meta.GetAccountId(), VideoID: video.GetId(), Payload: body, Occurred: occurred,
		Video: hooks.VideoFacts{
			Name: video.GetName(), Description: video.GetDescription(), Type: video.GetType(), Privacy: video.GetPrivacy(),
			Tags: video.GetTags(), Categories: video.GetCategories(), Duration: video.GetDuration(), Spherical: video.GetSpherical(),
		},
	}, nil
}
