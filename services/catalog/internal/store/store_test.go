package store_test

import (
	"context"
	"errors"
	"log/slog"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/encoding/protojson"

	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/natstest"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/pkg/pgtest"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
	"github.com/vidhost/vidhost/services/catalog/internal/store"
	"github.com/vidhost/vidhost/services/catalog/migrations"
)

// Every test has a schema (and a NATS server, where it needs one) of its
// own, so every test calls t.Parallel: their waits overlap.
func TestMain(m *testing.M) { pgtest.Main(m) }

const account = "account-1"

type testBundle struct {
	store *store.Store
	pool  *pgxpool.Pool
	js    jetstream.JetStream
}

func setup(t *testing.T) testBundle {
	t.Helper()
	db := pgtest.Schema(t)
	db.Migrate(t, migrations.FS)
	pool := db.Pool(t)
	return testBundle{store: store.New(pool), pool: pool, js: natstest.JetStream(t, natstest.Start(t))}
}

// runRelay publishes the outbox until the test ends.
func (b testBundle) runRelay(t *testing.T) {
	relay := outbox.NewRelay(b.pool, b.js, slog.New(slog.NewTextHandler(t.Output(), nil)))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); _ = relay.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
}

// create inserts a category and emits its event, then commits unless fail
// is set, in which case fn's error rolls everything back.
func (b testBundle) create(t *testing.T, value string, fail error) (catalog.Category, error) {
	var created catalog.Category
	err := b.store.InTx(t.Context(), func(tx catalog.Tx) error {
		var err error
		c := catalog.Category{ID: ids.New(), Name: value, Value: value}
		if created, err = tx.InsertCategory(t.Context(), account, "actor", c); err != nil {
			return err
		}
		event := catalog.Event{Kind: catalog.Created, AccountID: account, Time: time.Now(), Resource: created}
		if err := tx.Emit(t.Context(), event); err != nil {
			return err
		}
		return fail
	})
	return created, err
}

func (b testBundle) outboxRows(t *testing.T) int {
	var n int
	require.NoError(t, b.pool.QueryRow(t.Context(), "SELECT count(*) FROM outbox").Scan(&n))
	return n
}

func TestRolledBackChangePublishesNothing(t *testing.T) {
	t.Parallel()
	b := setup(t)
	boom := errors.New("boom")

	rolledBack, err := b.create(t, "first", boom)
	require.ErrorIs(t, err, boom)

	_, err = b.store.GetCategory(t.Context(), account, rolledBack.ID)
	assert.ErrorIs(t, err, apperr.ErrNotFound, "the change was rolled back")
	assert.Zero(t, b.outboxRows(t), "and so was its event")

	committed, err := b.create(t, "second", nil)
	require.NoError(t, err)
	b.runRelay(t)
	consumer, err := b.js.OrderedConsumer(t.Context(), natsx.StreamNameCatalog, jetstream.OrderedConsumerConfig{})
	require.NoError(t, err)
	msg, err := consumer.Next(jetstream.FetchMaxWait(15 * time.Second))
	require.NoError(t, err)

	// The relay publishes in commit order, so had the rolled-back event
	// been stored it would be the first message.
	var event eventsv1.CategoryEvent
	require.NoError(t, protojson.Unmarshal(msg.Data(), &event))
	assert.Equal(t, natsx.SubjectCategoryCreated, msg.Subject())
	assert.Equal(t, committed.ID, event.GetCategory().GetId())
	assert.Equal(t, event.GetMeta().GetId(), msg.Headers().Get(jetstream.MsgIDHeader))
}

func TestDuplicateValueIsAConflict(t *testing.T) {
	t.Parallel()
	b := setup(t)
	_, err := b.create(t, "sport", nil)
	require.NoError(t, err)

	_, err = b.create(t, "sport", nil)

	assert.ErrorIs(t, err, catalog.ErrCategoryValueTaken)
	assert.Equal(t, 1, b.outboxRows(t), "only the first insert's event was stored")
}

func TestAccountScopesEveryRead(t *testing.T) {
	t.Parallel()
	b := setup(t)
	c, err := b.create(t, "sport", nil)
	require.NoError(t, err)

	_, err = b.store.GetCategory(t.Context(), "account-2", c.ID)
	assert.ErrorIs(t, err, apperr.ErrNotFound)
	err = b.store.InTx(t.Context(), func(tx catalog.Tx) error {
		_, err := tx.DeleteCategory(t.Context(), "account-2", c.ID)
		return err
	})
	assert.ErrorIs(t, err, apperr.ErrNotFound)
	got, err := b.store.GetCategory(t.Context(), account, c.ID)
	require.NoError(t, err)
	assert.Equal(t, "sport", got.Value)
}
