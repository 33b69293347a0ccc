package events

import (
	"context"
	"fmt"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/protobuf/encoding/protojson"

	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/profiles"
	"github.com/vidhost/vidhost/pkg/timefmt"
	"github.com/vidhost/vidhost/services/transcode/internal/job"
	"github.com/vidhost/vidhost/services/transcode/internal/media"
)

// unitKinds maps the message's kinds to the worker's; anything else
// (UNSPECIFIED, a newer kind) decodes to no kind, which Validate refuses.
var unitKinds = map[eventsv1.TranscodeUnit_Kind]job.UnitKind{
	eventsv1.TranscodeUnit_KIND_CHUNK:  job.UnitChunk,
	eventsv1.TranscodeUnit_KIND_AUDIO:  job.UnitAudio,
	eventsv1.TranscodeUnit_KIND_STITCH: job.UnitStitch,
}

// DecodeUnit reads a transcode.units message. On an error the returned
// unit still carries whatever ids could be read, for the log.
func DecodeUnit(data []byte) (job.Unit, error) {
	var m eventsv1.TranscodeUnit
	if err := decodeOptions.Unmarshal(data, &m); err != nil {
		return job.Unit{}, &job.InvalidError{Reason: "unit message is not a TranscodeUnit"}
	}
	u := job.Unit{
		ID: m.GetMeta().GetId(),
		Job: job.Job{
			ID:         m.GetJobId(),
			AccountID:  m.GetMeta().GetAccountId(),
			VideoID:    m.GetVideoId(),
			SourceKey:  m.GetSourceObjectKey(),
			Transcoder: profiles.Name(m.GetTranscoder()),
		},
		PlanID: m.GetPlanId(),
		Kind:   unitKinds[m.GetKind()],
		Chunk: media.Chunk{
			Index:        int(m.GetChunkIndex()),
			Start:        time.Duration(m.GetStartMicros()) * time.Microsecond,
			End:          time.Duration(m.GetEndMicros()) * time.Microsecond,
			FirstSegment: int(m.GetFirstSegment()),
		},
		Chunks:           int(m.GetChunks()),
		Audio:            int(m.GetAudioIndex()),
		MediaPlan:        m.GetMediaPlan(),
		MediaPlanVersion: int(m.GetMediaPlanVersion()),
	}
	return u, u.Validate()
}

// EncodeUnit is the TranscodeUnit message of u.
func EncodeUnit(u job.Unit) ([]byte, error) {
	m := &eventsv1.TranscodeUnit{
		Meta:             &eventsv1.EventMeta{Id: u.ID, AccountId: u.Job.AccountID, OccurredTime: timefmt.Format(time.Now())},
		JobId:            u.Job.ID,
		VideoId:          u.Job.VideoID,
		PlanId:           u.PlanID,
		Kind:             unitKind(u.Kind),
		ChunkIndex:       int32(u.Chunk.Index), //nolint:gosec // a plan has a few hundred chunks at most
		StartMicros:      u.Chunk.Start.Microseconds(),
		EndMicros:        u.Chunk.End.Microseconds(),
		FirstSegment:     int32(u.Chunk.FirstSegment), //nolint:gosec // segments of at most 4 h of 2 s
		Chunks:           int32(u.Chunks),             //nolint:gosec // as ChunkIndex
		SourceObjectKey:  u.Job.SourceKey,
		Transcoder:       string(u.Job.Transcoder),
		MediaPlan:        u.MediaPlan,
		MediaPlanVersion: int32(u.MediaPlanVersion), //nolint:gosec // a small version number
		AudioIndex:       int32(u.Audio),            //nolint:gosec // a ladder has a few audio bitrates
	}
	return protojson.Marshal(m)
}

func unitKind(k job.UnitKind) eventsv1.TranscodeUnit_Kind {
	for kind, mapped := range unitKinds {
		if mapped == k {
			return kind
		}
	}
	return eventsv1.TranscodeUnit_KIND_UNSPECIFIED
}

// PublishUnit puts u on transcode.units with u.ID as its message id, so a
// worker that publishes it again (after a crash, on a redelivered parent)
// is deduplicated within JetStream's window.
func PublishUnit(ctx context.Context, js jetstream.JetStream, u job.Unit) error {
	data, err := EncodeUnit(u)
	if err != nil {
		return err
	}
	if _, err := js.Publish(ctx, natsx.SubjectTranscodeUnits, data, jetstream.WithMsgID(u.ID)); err != nil {
		return fmt.Errorf("events: publish unit %s of plan %s: %w", u.Key(), u.PlanID, err)
	}
	return nil
}
