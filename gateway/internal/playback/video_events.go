package playback

import (
	"context"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/protobuf/encoding/protojson"

	"github.com/vidhost/vidhost/pkg/natsx"
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"
)

// videoEventsRetry paces attempts to subscribe while NATS or the CATALOG
// stream is not there yet; meanwhile the cache TTL alone bounds staleness.
const videoEventsRetry = time.Second

// RunVideoEvents evicts the videos that video.updated and video.deleted
// events name, until ctx is done: a change served by another gateway
// reaches this one's cache within the event's delivery (milliseconds), and
// the cache TTL stays the bound when events are late or lost. Unlike the
// auth cache, this one keeps answering while NATS is away: its entries
// live seconds, not minutes.
func (h *Handler) RunVideoEvents(ctx context.Context, js jetstream.JetStream) {
	for ctx.Err() == nil {
		if err := h.consumeVideoEvents(ctx, js); err != nil && ctx.Err() == nil {
			h.logger.Debug("video events unavailable; the playback cache TTL bounds staleness", "error", err)
		}
		select {
		case <-ctx.Done():
		case <-time.After(videoEventsRetry):
		}
	}
}

func (h *Handler) consumeVideoEvents(ctx context.Context, js jetstream.JetStream) error {
	attemptCtx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	consumer, err := js.OrderedConsumer(attemptCtx, natsx.StreamNameCatalog, jetstream.OrderedConsumerConfig{
		FilterSubjects: []string{natsx.SubjectVideoUpdated, natsx.SubjectVideoDeleted},
		DeliverPolicy:  jetstream.DeliverNewPolicy,
	})
	if err != nil {
		return err
	}
	cc, err := consumer.Consume(h.handleVideoEvent)
	if err != nil {
		return err
	}
	defer cc.Stop()
	select {
	case <-ctx.Done():
		return nil
	case <-cc.Closed():
		return errSubscriptionEnded
	}
}

// handleVideoEvent evicts the video an event names; an event it cannot
// read could have named any video, so every video goes.
func (h *Handler) handleVideoEvent(msg jetstream.Msg) {
	var event eventsv1.VideoEvent
	err := protojson.UnmarshalOptions{DiscardUnknown: true}.Unmarshal(msg.Data(), &event)
	if err != nil || event.GetVideo().GetId() == "" {
		h.logger.Warn("unreadable video event; dropping every cached video", "subject", msg.Subject(), "error", err)
		h.videos.cache.evictWhere(func(string) bool { return true })
		return
	}
	h.videos.evict(event.GetVideo().GetId())
}
