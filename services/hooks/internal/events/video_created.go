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
	return matcher[hooks.VideoCreated]{consumer: VideoCreatedConsumerName, subject: natsx.SubjectVideoCreated,
		decode: DecodeVideoCreated, match: match, videoID: func(e hooks.VideoCreated) string { return e.VideoID }}.start(ctx, js, logger)
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
