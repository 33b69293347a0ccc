package beacons

import (
	"context"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"
)

// Publisher defaults: a batch goes out when it has BatchSize events or is
// FlushInterval old; QueueSize events wait at most (more are dropped, so a
// slow bus never holds a viewer's request).
const (
	DefaultBatchSize     = 500
	DefaultFlushInterval = 200 * time.Millisecond
	DefaultQueueSize     = 20_000
)

// Publisher queues view events and publishes them on analytics.views in
// batches (asynchronous publishes, then one wait for their
// acknowledgements). Submit never blocks.
type Publisher struct {
	js     jetstream.JetStream
	queue  chan *eventsv1.ViewEvent
	logger *slog.Logger
	done   chan struct{}

	published, dropped, failed atomic.Int64
}

// NewPublisher returns a Publisher; Run sends what it queues.
func NewPublisher(js jetstream.JetStream, logger *slog.Logger) *Publisher {
	return &Publisher{js: js, queue: make(chan *eventsv1.ViewEvent, DefaultQueueSize), logger: logger, done: make(chan struct{})}
}

// Submit queues event, or drops it (counted) when the queue is full.
func (p *Publisher) Submit(event *eventsv1.ViewEvent) {
	select {
	case p.queue <- event:
	default:
		p.dropped.Add(1)
	}
}

// Counts returns how many events were published, dropped because the queue
// was full, and lost because JetStream refused them.
func (p *Publisher) Counts() (published, dropped, failed int64) {
	return p.published.Load(), p.dropped.Load(), p.failed.Load()
}

// Run publishes batches until ctx ends, then flushes what is queued.
func (p *Publisher) Run(ctx context.Context) {
	defer close(p.done)
	ticker := time.NewTicker(DefaultFlushInterval)
	defer ticker.Stop()
	batch := make([]*eventsv1.ViewEvent, 0, DefaultBatchSize)
	for {
		select {
		case event := <-p.queue:
			batch = append(batch, event)
			if len(batch) >= DefaultBatchSize {
				batch = p.flush(batch)
			}
		case <-ticker.C:
			batch = p.flush(batch)
		case <-ctx.Done():
			for {
				select {
				case event := <-p.queue:
					batch = append(batch, event)
				default:
					p.flush(batch)
					return
				}
			}
		}
	}
}

// Wait returns when Run has flushed and returned.
func (p *Publisher) Wait() { <-p.done }

// flush publishes batch and returns it emptied.
func (p *Publisher) flush(batch []*eventsv1.ViewEvent) []*eventsv1.ViewEvent {
	if len(batch) == 0 {
		return batch
	}
	futures := make([]jetstream.PubAckFuture, 0, len(batch))
	for _, event := range batch {
		msg, err := Message(event)
		if err != nil {
			p.failed.Add(1)
			continue
		}
		future, err := p.js.PublishMsgAsync(msg)
		if err != nil {
			p.failed.Add(1)
			continue
		}
		futures = append(futures, future)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for _, future := range futures {
		select {
		case <-future.Ok():
			p.published.Add(1)
		case err := <-future.Err():
			p.failed.Add(1)
			p.logger.Warn("beacons: publish view event", "error", err)
		case <-ctx.Done():
			p.failed.Add(1)
		}
	}
	return batch[:0]
}
