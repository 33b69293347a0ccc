package outbox_test

import (
	"context"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/natstest"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/pkg/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// fixture is what each test needs: a schema with the outbox table, a
// JetStream with the streams, a relay, and a durable consumer on CATALOG.
type fixture struct {
	pool     *pgxpool.Pool
	js       jetstream.JetStream
	relay    *outbox.Relay
	consumer jetstream.Consumer
	log      *logBuffer
}

func setup(t *testing.T, natsURL string) fixture {
	t.Helper()
	pool := pgtest.Schema(t).Pool(t)
	_, err := pool.Exec(t.Context(), outbox.Migration)
	require.NoError(t, err)
	// The relay publishes as catalog does, with catalog's rights.
	js := natstest.JetStreamAs(t, natsURL, natsx.ServiceCatalog)
	consumer, err := natstest.JetStream(t, natsURL).CreateOrUpdateConsumer(t.Context(), natsx.StreamNameCatalog, jetstream.ConsumerConfig{
		Durable:   "outbox-test",
		AckPolicy: jetstream.AckExplicitPolicy,
	})
	require.NoError(t, err)
	log := &logBuffer{echo: t.Output()}
	relay := outbox.NewRelay(pool, js, slog.New(slog.NewTextHandler(log, nil)))
	return fixture{pool: pool, js: js, relay: relay, consumer: consumer, log: log}
}

// enqueue writes msgs in a transaction that commits when commit is true.
func (f fixture) enqueue(t *testing.T, commit bool, msgs ...outbox.Message) {
	t.Helper()
	ctx := t.Context()
	tx, err := f.pool.Begin(ctx)
	require.NoError(t, err)
	require.NoError(t, outbox.Enqueue(ctx, tx, msgs...))
	if commit {
		require.NoError(t, tx.Commit(ctx))
	} else {
		require.NoError(t, tx.Rollback(ctx))
	}
}

// receive fetches and acks messages until it has want of them or 20 s pass.
func (f fixture) receive(t *testing.T, want int) []jetstream.Msg {
	t.Helper()
	var got []jetstream.Msg
	deadline := time.Now().Add(20 * time.Second)
	for len(got) < want && time.Now().Before(deadline) {
		batch, err := f.consumer.Fetch(want-len(got), jetstream.FetchMaxWait(time.Second))
		require.NoError(t, err)
		for msg := range batch.Messages() {
			require.NoError(t, msg.Ack())
			got = append(got, msg)
		}
	}
	require.Len(t, got, want, "messages received")
	return got
}

// assertNoMoreMessages fails if the consumer has anything left.
func (f fixture) assertNoMoreMessages(t *testing.T) {
	t.Helper()
	info, err := f.consumer.Info(t.Context())
	require.NoError(t, err)
	require.Zero(t, info.NumPending, "unexpected extra messages")
}

func (f fixture) pendingRows(t *testing.T) int {
	t.Helper()
	var n int
	require.NoError(t, f.pool.QueryRow(t.Context(), "SELECT count(*) FROM outbox WHERE published_time IS NULL").Scan(&n))
	return n
}

// runRelay runs the relay until stop is called or the test ends; stop
// returns once Run has returned, so no round is in flight any more.
func (f fixture) runRelay(t *testing.T) (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- f.relay.Run(ctx) }()
	var once sync.Once
	stop = func() {
		once.Do(func() {
			cancel()
			require.NoError(t, <-done)
		})
	}
	t.Cleanup(stop)
	return stop
}

func ids(msgs []jetstream.Msg) []string {
	out := make([]string, len(msgs))
	for i, msg := range msgs {
		out[i] = msg.Headers().Get(jetstream.MsgIDHeader)
	}
	return out
}
