package events_test

import (
	"context"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/natstest"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/services/analytics/internal/events"
	"github.com/vidhost/vidhost/services/analytics/internal/views"
)

// memoryStore takes every batch.
type memoryStore struct{}

func (memoryStore) Ingest(_ context.Context, batch []views.Event) (views.IngestResult, error) {
	return views.IngestResult{Stored: len(batch)}, nil
}

func (memoryStore) DropEventsBefore(context.Context, time.Time) ([]string, error) { return nil, nil }

// StoredThrough, with the analytics service's own NATS rights: the time of
// the first message not yet stored, then, with everything stored, the
// server's now. The experience alerts wait for it (internal/alerts).
func TestStoredThroughFollowsTheAcknowledgements(t *testing.T) {
	url := natstest.Start(t)
	harness := natstest.JetStream(t, url)
	js := natstest.JetStreamAs(t, url, natsx.ServiceAnalytics)
	consumer, err := events.NewConsumer(t.Context(), js, memoryStore{}, slog.New(slog.DiscardHandler), events.Options{BatchSize: 100, Retention: 48 * time.Hour})
	require.NoError(t, err)

	idle, err := consumer.StoredThrough(t.Context())
	require.NoError(t, err)
	assert.WithinDuration(t, time.Now(), idle, 5*time.Second, "nothing waiting: stored through now")

	publishViews(t, harness, 5, time.Now().UTC())
	stream, err := harness.Stream(t.Context(), natsx.StreamNameViews)
	require.NoError(t, err)
	first, err := stream.GetMsg(t.Context(), 1)
	require.NoError(t, err)
	waiting, err := consumer.StoredThrough(t.Context())
	require.NoError(t, err)
	assert.True(t, waiting.Equal(first.Time), "the first message waits: %s, want %s", waiting, first.Time)

	ctx, stop := context.WithCancel(t.Context())
	var wg sync.WaitGroup
	wg.Go(func() { consumer.Run(ctx) })
	defer func() { stop(); wg.Wait() }()
	require.Eventually(t, func() bool { return pending(t, harness) == 0 }, 20*time.Second, 50*time.Millisecond)
	last, err := stream.GetMsg(t.Context(), 6) // the poison message publishViews ends with
	require.NoError(t, err)
	stored, err := consumer.StoredThrough(t.Context())
	require.NoError(t, err)
	assert.False(t, stored.Before(last.Time), "everything stored: %s is not before %s", stored, last.Time)
}
