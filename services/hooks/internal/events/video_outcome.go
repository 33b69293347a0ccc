package events

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"

	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/protobuf/encoding/protojson"

	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/services/hooks/internal/hooks"
)

// VideoOutcomeConsumerName is the durable consumer of video.ready,
// video.error and video.deleted through which waiting deliveries are made
// due or skipped.
const VideoOutcomeConsumerName = "hooks-video-outcomes"

// outcomes maps the subjects the consumer reads to the outcome each means.
var outcomes = map[string]string{
	natsx.SubjectVideoReady:   hooks.OutcomeReady,
	natsx.SubjectVideoError:   hooks.OutcomeError,
	natsx.SubjectVideoDeleted: hooks.OutcomeDeleted,
}

// SettleFunc settles the deliveries waiting for a video
// (hooks.Service.SettleVideo).
type SettleFunc func(ctx context.Context, o hooks.VideoOutcome) (int, error)

// StartVideoOutcomeConsumer creates (or updates) the durable consumer and
// settles videos until stop is called.
func StartVideoOutcomeConsumer(ctx context.Context, js jetstream.JetStream, settleVideo SettleFunc, logger *slog.Logger) (stop func(), err error) {
	policy, err := deliverPolicy(ctx, js, VideoOutcomeConsumerName)
	if err != nil {
		return nil, err
	}
	consumer, err := js.CreateOrUpdateConsumer(ctx, natsx.StreamNameCatalog, jetstream.ConsumerConfig{
		Durable:        VideoOutcomeConsumerName,
		FilterSubjects: []string{natsx.SubjectVideoReady, natsx.SubjectVideoError, natsx.SubjectVideoDeleted},
		AckPolicy:      jetstream.AckExplicitPolicy,
		AckWait:        ackWait,
		MaxDeliver:     -1,
		DeliverPolicy:  policy,
	})
	if err != nil {
		return nil, fmt.Errorf("events: video outcome consumer: %w", err)
	}
	base := context.WithoutCancel(ctx)
	settle := natsx.Settler{JS: js, Logger: logger, Backoff: retries, Timeout: matchTimeout}
	handle := func(msg jetstream.Msg) {
		o, err := DecodeVideoOutcome(msg.Subject(), msg.Data())
		if err != nil {
			settle.DeadLetter(base, msg, err)
			return
		}
		ctx, cancel := context.WithTimeout(base, matchTimeout)
		defer cancel()
		due, err := settleVideo(ctx, o)
		if err != nil {
			settle.Retry(msg, "video outcome not recorded", err, "video_id", o.VideoID)
			return
		}
		if due > 0 {
			logger.Debug("video settled", "video_id", o.VideoID, "outcome", o.Status, "due", due)
		}
		_ = msg.Ack()
	}
	stop, err = consumeConcurrently(consumer, handle, "video outcome consumer", logger)
	if err != nil {
		return nil, fmt.Errorf("events: consume video outcomes: %w", err)
	}
	return stop, nil
}

// handlers is how many messages a consumer handles at once: each is a
// short transaction, and one video's are serialized by its lock.
const handlers = 8

// consumeConcurrently runs handle on up to handlers messages at once until
// stop, which waits for those in hand; meanwhile the consumer's lag is
// sampled (natsx.WatchLag).
func consumeConcurrently(consumer jetstream.Consumer, handle func(jetstream.Msg), name string, logger *slog.Logger) (stop func(), err error) {
	slots := make(chan struct{}, handlers)
	var inFlight sync.WaitGroup
	consuming, err := consumer.Consume(func(msg jetstream.Msg) {
		slots <- struct{}{}
		inFlight.Go(func() {
			defer func() { <-slots }()
			handle(msg)
		})
	}, jetstream.PullMaxMessages(2*handlers), jetstream.ConsumeErrHandler(
		func(_ jetstream.ConsumeContext, err error) { logger.Warn(name, "error", err) }))
	if err != nil {
		return nil, err
	}
	lagCtx, stopLag := context.WithCancel(context.Background())
	natsx.WatchLag(lagCtx, consumer)
	return func() { stopLag(); consuming.Stop(); <-consuming.Closed(); inFlight.Wait() }, nil
}

// DecodeVideoOutcome reads a video.ready, video.error or video.deleted
// event published on subject.
func DecodeVideoOutcome(subject string, data []byte) (hooks.VideoOutcome, error) {
	status, ok := outcomes[subject]
	if !ok {
		return hooks.VideoOutcome{}, fmt.Errorf("events: %s is not a video outcome", subject)
	}
	var event eventsv1.VideoEvent
	if err := protojson.Unmarshal(data, &event); err != nil {
		return hooks.VideoOutcome{}, fmt.Errorf("events: decode %s: %w", subject, err)
	}
	meta, video := event.GetMeta(), event.GetVideo()
	if meta.GetAccountId() == "" || video.GetId() == "" {
		return hooks.VideoOutcome{}, errors.New("events: " + subject + " without account or video")
	}
	data, err := videoJSON.Marshal(video)
	if err != nil {
		return hooks.VideoOutcome{}, fmt.Errorf("events: encode video: %w", err)
	}
	// The delivery is still the hook's video.created, as of when it was
	// created, now carrying the video with its outputs.
	timestamp := video.GetCreatedTime()
	if timestamp == "" {
		timestamp = meta.GetOccurredTime()
	}
	body, err := json.Marshal(payload{Type: natsx.SubjectVideoCreated, Timestamp: timestamp, Data: data})
	if err != nil {
		return hooks.VideoOutcome{}, fmt.Errorf("events: encode payload: %w", err)
	}
	return hooks.VideoOutcome{AccountID: meta.GetAccountId(), VideoID: video.GetId(), Status: status,
		Reason: video.GetStatusReason(), Payload: body}, nil
}
