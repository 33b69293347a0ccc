package reports

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/timefmt"
	"github.com/vidhost/vidhost/services/live/internal/ingest"
)

// Publisher publishes reports through JetStream.
type Publisher struct{ js jetstream.JetStream }

var _ ingest.Reporter = (*Publisher)(nil)

// New publishes through js.
func New(js jetstream.JetStream) *Publisher { return &Publisher{js: js} }

// Started publishes live.started, once per run (a retry is dropped by its
// message id).
func (p *Publisher) Started(ctx context.Context, g ingest.Grant, runID string, outputs []ingest.Output) error {
	id := derivedID(runID, "started")
	m := &eventsv1.LiveStarted{Meta: meta(id, g), VideoId: g.VideoID}
	for _, o := range outputs {
		m.Outputs = append(m.Outputs, &eventsv1.MediaOutput{Label: o.Label, Path: o.Path})
	}
	return p.publish(ctx, natsx.SubjectLiveStarted, id, m)
}

// Ended publishes live.ended, once per run.
func (p *Publisher) Ended(ctx context.Context, g ingest.Grant, runID string, end ingest.End) error {
	id := derivedID(runID, "ended")
	return p.publish(ctx, natsx.SubjectLiveEnded, id, &eventsv1.LiveEnded{Meta: meta(id, g), VideoId: g.VideoID,
		RecordingObjectKey: end.RecordingKey, Duration: end.Duration, Reason: end.Reason})
}

func (p *Publisher) publish(ctx context.Context, subject, id string, m proto.Message) error {
	data, err := protojson.Marshal(m)
	if err != nil {
		return err
	}
	if _, err := p.js.Publish(ctx, subject, data, jetstream.WithMsgID(id)); err != nil {
		return fmt.Errorf("reports: publish %s: %w", subject, err)
	}
	return nil
}

// derivedID is a report's event id: the same for every retry of one run's
// report, so JetStream drops duplicates.
func derivedID(runID, what string) string {
	sum := sha256.Sum256([]byte(runID + "/" + what))
	return hex.EncodeToString(sum[:16])
}

func meta(id string, g ingest.Grant) *eventsv1.EventMeta {
	return &eventsv1.EventMeta{Id: id, AccountId: g.AccountID, OccurredTime: timefmt.Format(time.Now())}
}
