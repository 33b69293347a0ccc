package beacons

import (
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/protobuf/proto"

	"github.com/vidhost/vidhost/pkg/natsx"
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"
)

// Message is event as the Publisher sends it on analytics.views: binary
// protobuf (the subject is internal, and JSON cost both ends microseconds
// an event: docs/analytics.md, "Performance"), with its id as the
// Nats-Msg-Id. bench/analytics publishes through it too.
func Message(event *eventsv1.ViewEvent) (*nats.Msg, error) {
	data, err := proto.Marshal(event)
	if err != nil {
		return nil, err
	}
	msg := nats.NewMsg(natsx.SubjectAnalyticsViews)
	msg.Data = data
	natsx.SetProtobuf(msg)
	msg.Header.Set(jetstream.MsgIDHeader, event.GetMeta().GetId())
	return msg, nil
}
