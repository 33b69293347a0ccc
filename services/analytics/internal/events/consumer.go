package events

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/vidhost/vidhost/pkg/metrics"
	"github.com/vidhost/vidhost/pkg/natsx"
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"
	"github.com/vidhost/vidhost/services/analytics/internal/views"
)

// ConsumerName is the durable consumer of analytics.views: events published
// while the service is down are stored when it is back.
const ConsumerName = "analytics-views"

// Consumer defaults.
const (
	// DefaultBatchSize: each storer's transaction holds half of a batch,
	// and the larger a transaction, the more of its heartbeats fall on rows
	// it already adds to (one upsert for several): 20,000 took 40 µs of
	// PostgreSQL an event where 10,000 took 44 and 5,000 about 54
	// (docs/analytics.md, "Viewer experience (issue 32)").
	DefaultBatchSize = 20_000
	DefaultStorers   = 2
	fetchWait        = 500 * time.Millisecond
	// ingestTimeout bounds one transaction: half a batch takes about half
	// a second on an idle 2-CPU machine, so this is a machine many times
	// slower, not a slow batch.
	ingestTimeout = 15 * time.Second
	// ackWait is how soon the events a killed process had fetched go to
	// another (or the restarted) one; it must outlast a batch waiting
	// behind the ones being stored plus its own ingestTimeout, or a slow
	// machine is sent its batches twice (one stored twice is still counted
	// once, but the work is done again).
	ackWait = 30 * time.Second
)

// retries spaces retries of a batch the database could not take.
var retries = natsx.Backoff{Min: time.Second, Max: 30 * time.Second}

// Options tune the Consumer.
type Options struct {
	// BatchSize is the most events fetched at once; each storing
	// goroutine stores its part of them in one transaction.
	BatchSize int
	// Storers is how many transactions store batches at the same time.
	Storers int
	// Retention is how long raw events are kept: older events (a very late
	// redelivery) are dropped rather than stored in a day that retention
	// already removed, where they could count again.
	Retention time.Duration
	Now       func() time.Time
}

// Consumer stores view events in batches.
type Consumer struct {
	js       jetstream.JetStream
	consumer jetstream.Consumer
	store    views.Store
	settle   natsx.Settler
	logger   *slog.Logger
	opts     Options
}

// NewConsumer creates (or updates) the durable consumer.
func NewConsumer(ctx context.Context, js jetstream.JetStream, store views.Store, logger *slog.Logger, opts Options) (*Consumer, error) {
	if opts.BatchSize <= 0 {
		opts.BatchSize = DefaultBatchSize
	}
	if opts.Storers <= 0 {
		opts.Storers = DefaultStorers
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	consumer, err := js.CreateOrUpdateConsumer(ctx, natsx.StreamNameViews, jetstream.ConsumerConfig{
		Durable:       ConsumerName,
		AckPolicy:     jetstream.AckExplicitPolicy,
		AckWait:       ackWait,
		MaxDeliver:    -1, // database outages retry until they pass; poison is dead-lettered
		MaxAckPending: (opts.Storers + 2) * opts.BatchSize,
	})
	if err != nil {
		return nil, fmt.Errorf("events: views consumer: %w", err)
	}
	return &Consumer{js: js, consumer: consumer, store: store, logger: logger, opts: opts,
		settle: natsx.Settler{JS: js, Logger: logger, Backoff: retries, Timeout: ingestTimeout}}, nil
}

// batch is fetched messages ready to store: the events that decoded and
// are within retention, and their messages, in the same order.
type batch struct {
	events []views.Event
	msgs   []jetstream.Msg
}

// Run fetches and stores batches until ctx ends; the batches in flight, and
// the one fetched while they were stored, finish. Each fetched batch is
// split by viewer (lanes.go) among Options.Storers storing goroutines, which
// store their parts concurrently, each in its own transaction: one
// viewer's plays are always stored by the same goroutine, in order, so the
// replay rule never sees two of its batches at once. Fetching (and
// decoding) the next batch overlaps storing this one: at most
// Storers + 1 batches are held, within MaxAckPending.
func (c *Consumer) Run(ctx context.Context) {
	natsx.WatchLag(ctx, c.consumer) // views waiting to be stored
	lanes := make([]chan batch, c.opts.Storers)
	var storers sync.WaitGroup
	for i := range lanes {
		lanes[i] = make(chan batch)
		storers.Go(func() {
			for b := range lanes[i] {
				c.storeBatch(context.WithoutCancel(ctx), b)
			}
		})
	}
	defer func() {
		for _, lane := range lanes {
			close(lane)
		}
		storers.Wait()
	}()
	for ctx.Err() == nil {
		b := c.prepare(context.WithoutCancel(ctx), c.fetch(ctx))
		handOver(ctx, lanes, split(b, len(lanes)))
	}
}

// handOver gives each part to its lane; once ctx ends, the parts not
// handed over are Nak'ed, to whoever runs next at once rather than after
// AckWait.
func handOver(ctx context.Context, lanes []chan batch, parts []batch) {
	for i, part := range parts {
		if len(part.msgs) == 0 {
			continue
		}
		select {
		case lanes[i] <- part:
		case <-ctx.Done():
			for _, msg := range part.msgs {
				_ = msg.Nak()
			}
		}
	}
}

// fetch waits up to fetchWait for up to BatchSize messages.
func (c *Consumer) fetch(ctx context.Context) []jetstream.Msg {
	fetched, err := c.consumer.Fetch(c.opts.BatchSize, jetstream.FetchMaxWait(fetchWait))
	if err != nil {
		c.logger.Warn("views consumer: fetch", "error", err)
		sleep(ctx, time.Second)
		return nil
	}
	msgs := make([]jetstream.Msg, 0, c.opts.BatchSize)
	for msg := range fetched.Messages() {
		msgs = append(msgs, msg)
	}
	if err := fetched.Error(); err != nil && !natsx.EmptyPull(err) {
		c.logger.Warn("views consumer: fetch", "error", err)
	}
	return msgs
}

// prepare decodes msgs: an event that cannot be read is dead-lettered, one
// older than retention terminated.
func (c *Consumer) prepare(ctx context.Context, msgs []jetstream.Msg) batch {
	oldest := views.DayOf(c.opts.Now()).Add(-c.opts.Retention)
	b := batch{events: make([]views.Event, 0, len(msgs)), msgs: make([]jetstream.Msg, 0, len(msgs))}
	for _, msg := range msgs {
		event, err := Decode(msg.Headers(), msg.Data())
		if err != nil {
			c.settle.DeadLetter(ctx, msg, err)
			continue
		}
		if c.opts.Retention > 0 && event.Time.Before(oldest) {
			_ = msg.Term() // its day's raw events are gone: storing it again could count it twice
			continue
		}
		b.events, b.msgs = append(b.events, event), append(b.msgs, msg)
	}
	return b
}

// storeBatch stores b in one transaction, then acknowledges each message; a
// failed transaction is retried. Acks are explicit and not awaited (a lost
// ack is a redelivery, which the store's dedupe absorbs). AckAll on the
// last message would be one ack, but it also acks every earlier sequence,
// including messages of a failed batch waiting for their redelivery: they
// would be lost.
func (c *Consumer) storeBatch(ctx context.Context, b batch) {
	if len(b.msgs) == 0 {
		return
	}
	ingestCtx, cancel := context.WithTimeout(ctx, ingestTimeout)
	defer cancel()
	if _, err := c.store.Ingest(ingestCtx, b.events); err != nil {
		c.logger.Warn("view events not stored, retrying", "events", len(b.events), "error", err)
		for _, msg := range b.msgs {
			_ = msg.NakWithDelay(retries.Delay(msg))
		}
		return
	}
	metrics.AnalyticsEvents.Add(float64(len(b.events)))
	for _, msg := range b.msgs {
		_ = msg.Ack()
	}
}

// Decode reads a view event as the edge publishes it: binary protobuf, as
// its header says (a fifth of protojson's cost), or protojson, as edges
// before it published.
func Decode(header nats.Header, data []byte) (views.Event, error) {
	var event eventsv1.ViewEvent
	unmarshal := protojson.Unmarshal
	if natsx.IsProtobuf(header) {
		unmarshal = proto.Unmarshal
	}
	if err := unmarshal(data, &event); err != nil {
		return views.Event{}, fmt.Errorf("events: decode view event: %w", err)
	}
	meta := event.GetMeta()
	at, err := time.Parse(time.RFC3339Nano, meta.GetOccurredTime())
	if err != nil || meta.GetId() == "" || meta.GetAccountId() == "" || event.GetVideoId() == "" {
		return views.Event{}, errors.New("events: view event without id, account, video or time")
	}
	switch event.GetType() {
	case views.TypePlay, views.TypeView, views.TypeHeartbeat, views.TypeError:
	default:
		return views.Event{}, fmt.Errorf("events: unknown view event type %q", event.GetType())
	}
	return views.Event{
		ID: meta.GetId(), AccountID: meta.GetAccountId(), Time: at.UTC(), Type: event.GetType(),
		VideoID: event.GetVideoId(), PlayerID: event.GetPlayerId(), ViewerID: event.GetViewerId(),
		TicketID: event.GetTicketId(),
		Domain:   orUnknown(event.GetDomain()), Country: orUnknown(event.GetCountry()),
		Device: orUnknown(event.GetDevice()), Browser: orUnknown(event.GetBrowser()), OS: orUnknown(event.GetOs()),
		Position: event.GetPosition(), Experience: experienceOf(&event),
	}, nil
}

// experienceOf copies the event's experience figures.
func experienceOf(event *eventsv1.ViewEvent) views.Experience {
	exp := views.Experience{
		StartupMS: event.GetStartupMs(), HasStartup: event.StartupMs != nil,
		WatchedMS: event.GetWatchedMs(), StallCount: event.GetStallCount(), StallMS: event.GetStallMs(),
		SeekWaitMS: event.GetSeekWaitMs(), Switches: event.GetSwitches(),
		ErrorClass: event.GetErrorClass(), Fatal: event.GetFatal(), BeforePlay: event.GetBeforePlay(),
	}
	for _, r := range event.GetRenditions() {
		exp.Renditions = append(exp.Renditions, views.Rendition{Height: r.GetHeight(), WatchedMS: r.GetWatchedMs(),
			StallCount: r.GetStallCount(), StallMS: r.GetStallMs()})
	}
	return exp
}

func orUnknown(s string) string {
	if s == "" {
		return "unknown"
	}
	return s
}

func sleep(ctx context.Context, d time.Duration) {
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}
