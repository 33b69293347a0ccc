package events_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/vidhost/vidhost/pkg/natstest"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/pgtest"
	"github.com/vidhost/vidhost/pkg/timefmt"
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"
	"github.com/vidhost/vidhost/services/analytics/internal/events"
	"github.com/vidhost/vidhost/services/analytics/internal/store"
	"github.com/vidhost/vidhost/services/analytics/internal/views"
	"github.com/vidhost/vidhost/services/analytics/migrations"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// crashingStore commits like the real store, then reports a failure the
// first failures times: the consumer sees what it would see if the process
// died after the commit and before the acknowledgements.
type crashingStore struct {
	views.Store
	failures atomic.Int32
}

func (s *crashingStore) Ingest(ctx context.Context, batch []views.Event) (views.IngestResult, error) {
	result, err := s.Store.Ingest(ctx, batch)
	if err == nil && s.failures.Add(-1) >= 0 {
		return result, errors.New("crashed after commit")
	}
	return result, err
}

// publishViews publishes n plays, every other one in binary protobuf (as
// the edge does now) and the others in protojson (as it did before).
func publishViews(t *testing.T, js jetstream.JetStream, n int, at time.Time) {
	t.Helper()
	for i := range n {
		event := &eventsv1.ViewEvent{
			Meta: &eventsv1.EventMeta{Id: fmt.Sprintf("event-%05d", i), AccountId: "account-a", OccurredTime: timefmt.Format(at)},
			Type: "play", VideoId: fmt.Sprintf("video-%d", i%3), Domain: "a.example", Country: "US",
		}
		msg := nats.NewMsg(natsx.SubjectAnalyticsViews)
		var err error
		if i%2 == 0 {
			msg.Data, err = proto.Marshal(event)
			natsx.SetProtobuf(msg)
		} else {
			msg.Data, err = protojson.Marshal(event)
		}
		require.NoError(t, err)
		msg.Header.Set(jetstream.MsgIDHeader, fmt.Sprintf("event-%05d", i))
		_, err = js.PublishMsg(t.Context(), msg)
		require.NoError(t, err)
	}
	// A poison message goes to the dead letters, not into a loop.
	_, err := js.Publish(t.Context(), natsx.SubjectAnalyticsViews, []byte("{not json"))
	require.NoError(t, err)
}

func TestRedeliveryAfterACrashCountsOnce(t *testing.T) {
	db := pgtest.Schema(t)
	db.Migrate(t, migrations.FS)
	pool := db.Pool(t)
	url := natstest.Start(t)
	harness := natstest.JetStream(t, url)
	js := natstest.JetStreamAs(t, url, natsx.ServiceAnalytics)
	const n = 2500
	publishViews(t, harness, n, time.Now().UTC())

	st := &crashingStore{Store: store.New(pool)}
	st.failures.Store(2)
	consumer, err := events.NewConsumer(t.Context(), js, st, slog.New(slog.DiscardHandler), events.Options{BatchSize: 1000, Retention: 48 * time.Hour})
	require.NoError(t, err)
	ctx, stop := context.WithCancel(t.Context())
	var wg sync.WaitGroup
	wg.Go(func() { consumer.Run(ctx) })
	defer func() { stop(); wg.Wait() }()

	require.Eventually(t, func() bool { return pending(t, harness) == 0 }, 20*time.Second, 100*time.Millisecond, "every message is settled")

	var raw, counted int64
	require.NoError(t, pool.QueryRow(t.Context(), `SELECT count(*) FROM view_events`).Scan(&raw))
	require.NoError(t, pool.QueryRow(t.Context(), `SELECT coalesce(sum(views), 0) FROM daily_views`).Scan(&counted))
	assert.EqualValues(t, n, raw, "every event stored once")
	assert.EqualValues(t, n, counted, "every play counted once, despite two redelivered batches")
	assert.Negative(t, st.failures.Load(), "the crashes happened")
}

// pending is how many messages the consumer has not settled yet.
func pending(t *testing.T, js jetstream.JetStream) uint64 {
	t.Helper()
	c, err := js.Consumer(t.Context(), natsx.StreamNameViews, events.ConsumerName)
	if err != nil {
		return 1
	}
	info, err := c.Info(t.Context())
	if err != nil {
		return 1
	}
	return info.NumPending + uint64(info.NumAckPending)
}
