package events

import (
	"context"
	"fmt"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/vidhost/vidhost/pkg/natsx"
)

// StoredThrough returns a time before which every view event published to
// VIEWS is stored: the JetStream time of the first message the consumer
// has not acknowledged (every earlier one is, and a message is
// acknowledged once its part's transaction committed), or, with nothing
// waiting, the server's time now. A closed hour is judged only once this
// passes it (internal/alerts): after an outage the consumer's backlog is
// stored before the hours it holds are judged.
func (c *Consumer) StoredThrough(ctx context.Context) (time.Time, error) {
	info, err := c.consumer.Info(ctx)
	if err != nil {
		return time.Time{}, fmt.Errorf("events: views consumer info: %w", err)
	}
	if info.NumPending == 0 && info.NumAckPending == 0 {
		return info.TimeStamp, nil
	}
	stream, err := c.js.Stream(ctx, natsx.StreamNameViews)
	if err != nil {
		return time.Time{}, fmt.Errorf("events: views stream: %w", err)
	}
	// The first message at or after the ack floor's next sequence: a
	// message deleted meanwhile (retention) is skipped.
	first, err := stream.GetMsg(ctx, info.AckFloor.Stream+1, jetstream.WithGetMsgSubject(natsx.SubjectAnalyticsViews))
	if err != nil {
		return time.Time{}, fmt.Errorf("events: first unacknowledged view event: %w", err)
	}
	return first.Time, nil
}
