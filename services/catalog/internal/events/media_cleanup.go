package events

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/telemetry"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
)

// MediaCleanupConsumerName is the durable consumer of the catalog's own
// video.deleted events through which it deletes a deleted video's media.
// The catalog does it, not the transcoder or the upload service, because
// it owns every file of a video: it writes tracks and thumbnails, names
// the folder outputs go to, and takes over the upload a source came from.
// Being durable, a deletion made while the consumer was down is carried
// out when it is back; going through the outbox, it happens only for a
// delete that committed.
const MediaCleanupConsumerName = "catalog-media-cleanup"

// cleanupTimeout bounds one video's clean-up; progress is reported after
// each page, so a long one is not delivered again meanwhile.
const cleanupTimeout = 10 * time.Minute

// CleanupFunc deletes a deleted video's media (catalog.Service.DeleteVideoMedia).
type CleanupFunc func(ctx context.Context, m catalog.DeletedMedia, progress func()) error

// StartMediaCleanupConsumer creates (or updates) the durable consumer and
// starts deleting the media of deleted videos. stop ends consumption once
// the clean-up in hand is done.
func StartMediaCleanupConsumer(ctx context.Context, js jetstream.JetStream, cleanup CleanupFunc, logger *slog.Logger) (stop func(), err error) {
	consumer, err := js.CreateOrUpdateConsumer(ctx, natsx.StreamNameCatalog, jetstream.ConsumerConfig{
		Durable:        MediaCleanupConsumerName,
		FilterSubjects: []string{natsx.SubjectVideoDeleted},
		AckPolicy:      jetstream.AckExplicitPolicy,
		AckWait:        ackWait,
		MaxDeliver:     -1, // storage outages retry until they pass; poison is terminated instead
		DeliverPolicy:  jetstream.DeliverAllPolicy,
	})
	if err != nil {
		return nil, fmt.Errorf("events: media cleanup consumer: %w", err)
	}
	base := context.WithoutCancel(ctx)
	handle := func(msg jetstream.Msg) {
		ctx, span := telemetry.StartConsumer(base, msg, "video.deleted") // continues the deleting call's trace
		defer span.End()
		handleVideoDeleted(ctx, js, cleanup, logger, msg)
	}
	consuming, err := consumer.Consume(handle, jetstream.ConsumeErrHandler(
		func(_ jetstream.ConsumeContext, err error) { logger.Warn("media cleanup consumer", "error", err) }))
	if err != nil {
		return nil, fmt.Errorf("events: consume video.deleted: %w", err)
	}
	lagCtx, stopLag := context.WithCancel(base)
	natsx.WatchLag(lagCtx, consumer)
	return func() { stopLag(); consuming.Stop(); <-consuming.Closed() }, nil
}

// handleVideoDeleted deletes one video's media: Ack when done (or already
// done: a redelivery deletes nothing more), Nak with a growing delay when
// the store failed, dead-letter and Term when it can never work.
func handleVideoDeleted(base context.Context, js jetstream.JetStream, cleanup CleanupFunc, logger *slog.Logger, msg jetstream.Msg) {
	settle := settler(js, logger)
	media, err := DecodeVideoDeleted(msg.Data())
	if err != nil {
		settle.DeadLetter(base, msg, err)
		return
	}
	ctx, cancel := context.WithTimeout(base, cleanupTimeout)
	defer cancel()
	err = cleanup(ctx, media, func() { _ = msg.InProgress() })
	switch {
	case err == nil:
		_ = msg.Ack()
	case errors.Is(err, catalog.ErrMediaUndeletable):
		settle.DeadLetter(base, msg, err)
	default:
		settle.Retry(msg, "video media not deleted", err, "video_id", media.VideoID)
	}
}

// DecodeVideoDeleted decodes a video.deleted event into what the video left
// in storage. An error means the event can never be acted on.
func DecodeVideoDeleted(data []byte) (catalog.DeletedMedia, error) {
	var m eventsv1.VideoEvent
	if err := decodeOptions.Unmarshal(data, &m); err != nil {
		return catalog.DeletedMedia{}, fmt.Errorf("events: decode %s: %w", natsx.SubjectVideoDeleted, err)
	}
	media := catalog.DeletedMedia{AccountID: m.GetMeta().GetAccountId(), VideoID: m.GetVideo().GetId(),
		SourceObjectKey: m.GetSourceObjectKey()}
	if !ids.Valid(media.VideoID) {
		return media, fmt.Errorf("events: %s: %w", natsx.SubjectVideoDeleted, errNoVideoID)
	}
	if media.AccountID == "" {
		return media, fmt.Errorf("events: %s: %w", natsx.SubjectVideoDeleted, errNoAccount)
	}
	return media, nil
}
