package drill

import (
	"context"
	"fmt"
	"sync"

	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/protobuf/encoding/protojson"

	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/pkg/natsx"
)

// eventsConsumer is the drill's durable consumer of the catalog's
// video.created and video.ready, acked one by one like a service's. It
// counts, by event id and by video, what reached it: a second stream
// message with an event id already seen is a duplicate the services
// published (the stream's Nats-Msg-Id window should have dropped it); the
// same stream message delivered again is a redelivery (at-least-once: an
// ack lost with a server).
const eventsConsumer = "drill-events"

type eventLog struct {
	mu           sync.Mutex
	seqOfEvent   map[string]uint64 // event id -> first stream sequence
	duplicates   []string          // event ids published more than once
	deliveries   map[uint64]int    // stream sequence -> times delivered
	createdByVid map[string]int    // video id -> distinct video.created events
	readyByVid   map[string]int    // video id -> distinct video.ready events
	consume      jetstream.ConsumeContext
}

// watchEvents starts the consumer from the beginning of the stream.
func watchEvents(ctx context.Context, js jetstream.JetStream) (*eventLog, error) {
	cons, err := js.CreateOrUpdateConsumer(ctx, natsx.StreamNameCatalog, jetstream.ConsumerConfig{
		Durable:        eventsConsumer,
		FilterSubjects: []string{natsx.SubjectVideoCreated, natsx.SubjectVideoReady},
		AckPolicy:      jetstream.AckExplicitPolicy,
		DeliverPolicy:  jetstream.DeliverAllPolicy,
	})
	if err != nil {
		return nil, fmt.Errorf("the drill's events consumer: %w", err)
	}
	l := &eventLog{seqOfEvent: map[string]uint64{}, deliveries: map[uint64]int{},
		createdByVid: map[string]int{}, readyByVid: map[string]int{}}
	l.consume, err = cons.Consume(l.handle)
	return l, err
}

func (l *eventLog) stop() { l.consume.Stop() }

func (l *eventLog) handle(msg jetstream.Msg) {
	meta, err := msg.Metadata()
	if err != nil {
		_ = msg.Nak()
		return
	}
	var event eventsv1.VideoEvent
	if err := (protojson.UnmarshalOptions{DiscardUnknown: true}).Unmarshal(msg.Data(), &event); err != nil {
		_ = msg.Term()
		return
	}
	l.mu.Lock()
	seq := meta.Sequence.Stream
	l.deliveries[seq]++
	if l.deliveries[seq] == 1 {
		id, video := event.GetMeta().GetId(), event.GetVideo().GetId()
		if _, seen := l.seqOfEvent[id]; seen {
			l.duplicates = append(l.duplicates, id)
		} else {
			l.seqOfEvent[id] = seq
		}
		switch msg.Subject() {
		case natsx.SubjectVideoCreated:
			l.createdByVid[video]++
		case natsx.SubjectVideoReady:
			l.readyByVid[video]++
		}
	}
	l.mu.Unlock()
	_ = msg.Ack()
}

// eventCounts is what the consumer saw.
type eventCounts struct {
	created, ready map[string]int
	duplicates     []string
	redeliveries   int
}

func (l *eventLog) counts() eventCounts {
	l.mu.Lock()
	defer l.mu.Unlock()
	c := eventCounts{created: map[string]int{}, ready: map[string]int{}, duplicates: append([]string(nil), l.duplicates...)}
	for k, v := range l.createdByVid {
		c.created[k] = v
	}
	for k, v := range l.readyByVid {
		c.ready[k] = v
	}
	for _, n := range l.deliveries {
		c.redeliveries += n - 1
	}
	return c
}
