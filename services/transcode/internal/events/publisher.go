package events

import (
	"context"
	"fmt"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/telemetry"
	"github.com/vidhost/vidhost/pkg/timefmt"
	"github.com/vidhost/vidhost/services/transcode/internal/job"
)

// Publisher reports on jobs to the MEDIA stream.
type Publisher struct {
	js jetstream.JetStream
}

// NewPublisher publishes through js.
func NewPublisher(js jetstream.JetStream) *Publisher { return &Publisher{js: js} }

// Progress publishes transcode.progress. Every report is a new event; the
// catalog ignores one that would move the video backwards.
func (p *Publisher) Progress(ctx context.Context, j job.Job, percent int, outputs []job.Output) error {
	id := ids.New()
	return p.publish(ctx, natsx.SubjectTranscodeProgress, id, &eventsv1.TranscodeProgress{
		Meta: meta(id, j), VideoId: j.VideoID, Progress: int32(percent), Outputs: mediaOutputs(outputs), //nolint:gosec // bounded: progress is clamped to 0..99
	})
}

// Completed publishes transcode.completed under the job's derived id.
func (p *Publisher) Completed(ctx context.Context, j job.Job, c job.Completion) error {
	id := DerivedID(j, "completed")
	return p.publish(ctx, natsx.SubjectTranscodeCompleted, id, &eventsv1.TranscodeCompleted{
		Meta: meta(id, j), VideoId: j.VideoID, Outputs: mediaOutputs(c.Outputs),
		Duration: c.Duration.Seconds(), ThumbnailPath: c.Thumbnail, SpritePath: c.Sprite,
		SpriteIndexPath: c.SpriteIndex, Width: int32(c.Width), Height: int32(c.Height), //nolint:gosec // bounded: a rendition is at most its ladder rung's box
		SourceWidth: int32(c.Source.Width), SourceHeight: int32(c.Source.Height), AspectRatio: c.Source.AspectRatio, //nolint:gosec // bounded: the limits cap a source's sides at 4096 by default
	})
}

// Failed publishes transcode.failed under the job's derived id.
func (p *Publisher) Failed(ctx context.Context, j job.Job, reason string) error {
	id := DerivedID(j, "failed")
	return p.publish(ctx, natsx.SubjectTranscodeFailed, id, &eventsv1.TranscodeFailed{
		Meta: meta(id, j), VideoId: j.VideoID, Reason: reason,
	})
}

// DeadLetter republishes a job message that will never succeed to the
// dead-letter stream (natsx.DeadLetter).
func (p *Publisher) DeadLetter(ctx context.Context, msg jetstream.Msg, cause string) error {
	return natsx.DeadLetter(ctx, p.js, msg, cause)
}

func (p *Publisher) publish(ctx context.Context, subject, id string, m proto.Message) error {
	data, err := protojson.Marshal(m)
	if err != nil {
		return err
	}
	// The report continues the job's trace to the catalog.
	if _, err := p.js.PublishMsg(ctx, telemetry.NewMsg(ctx, subject, data), jetstream.WithMsgID(id)); err != nil {
		return fmt.Errorf("events: publish %s: %w", subject, err)
	}
	return nil
}

func meta(id string, j job.Job) *eventsv1.EventMeta {
	return &eventsv1.EventMeta{Id: id, AccountId: j.AccountID, OccurredTime: timefmt.Format(time.Now())}
}

func mediaOutputs(outputs []job.Output) []*eventsv1.MediaOutput {
	out := make([]*eventsv1.MediaOutput, len(outputs))
	for i, o := range outputs {
		out[i] = &eventsv1.MediaOutput{Label: o.Label, Path: o.Path}
	}
	return out
}
