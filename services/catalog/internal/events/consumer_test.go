package events

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/natstest"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
)

// applier records the reports it is given and fails the first ones as
// told, standing in for the domain (the catalog's server tests run the
// consumer against the real one).
type applier struct {
	mu       sync.Mutex
	failures []error
	applied  chan catalog.MediaReport
}

func (a *applier) apply(_ context.Context, r catalog.MediaReport) (bool, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if len(a.failures) > 0 {
		err := a.failures[0]
		a.failures = a.failures[1:]
		if err != nil {
			return false, err
		}
	}
	a.applied <- r
	return true, nil
}

const videoID = "V1StGXR8_Z5jdHi6B-myT"

// setupBus returns catalog's JetStream, which the consumer runs on, and
// transcode's, which sends the reports, each with its production rights.
func setupBus(t *testing.T) (catalogJS, transcodeJS jetstream.JetStream) {
	t.Helper()
	url := natstest.Start(t)
	return natstest.JetStreamAs(t, url, natsx.ServiceCatalog), natstest.JetStreamAs(t, url, natsx.ServiceTranscode)
}

func TestConsumerRetriesPassingFailures(t *testing.T) {
	js, transcode := setupBus(t)
	a := &applier{failures: []error{errors.New("database is down")}, applied: make(chan catalog.MediaReport, 1)}
	stop, err := StartMediaConsumer(t.Context(), js, a.apply, slog.New(slog.DiscardHandler))
	require.NoError(t, err)
	t.Cleanup(stop)

	_, err = transcode.Publish(t.Context(), natsx.SubjectTranscodeFailed, []byte(`{"meta": {"account_id": "a"}, "video_id": "`+videoID+`", "reason": "r"}`))
	require.NoError(t, err)

	select {
	case r := <-a.applied:
		assert.Equal(t, "r", r.Reason, "delivered again after the Nak, then applied")
	case <-time.After(20 * time.Second):
		t.Fatal("the report was not retried")
	}
}

func TestConsumerAcksReportsForNoVideo(t *testing.T) {
	js, transcode := setupBus(t)
	a := &applier{failures: []error{apperr.ErrNotFound}, applied: make(chan catalog.MediaReport, 2)}
	stop, err := StartMediaConsumer(t.Context(), js, a.apply, slog.New(slog.DiscardHandler))
	require.NoError(t, err)
	t.Cleanup(stop)

	_, err = transcode.Publish(t.Context(), natsx.SubjectTranscodeProgress, []byte(`{"meta": {"account_id": "a"}, "video_id": "`+videoID+`", "progress": 1}`))
	require.NoError(t, err)
	_, err = transcode.Publish(t.Context(), natsx.SubjectTranscodeProgress, []byte(`{"meta": {"account_id": "a"}, "video_id": "`+videoID+`", "progress": 2}`))
	require.NoError(t, err)

	select {
	case r := <-a.applied:
		assert.Equal(t, 2, r.Progress)
	case <-time.After(20 * time.Second):
		t.Fatal("the second report was not applied")
	}
	// Both acknowledged, and the first was never delivered again: had it
	// been Nak'd, the ack floor would wait for its redelivery, which would
	// have reached the applier.
	consumer, err := js.Consumer(t.Context(), natsx.StreamNameMedia, MediaConsumerName)
	require.NoError(t, err)
	deadline := time.Now().Add(15 * time.Second)
	for {
		info, err := consumer.Info(t.Context())
		require.NoError(t, err)
		if info.AckFloor.Stream == 2 {
			assert.Zero(t, info.NumRedelivered)
			break
		}
		require.True(t, time.Now().Before(deadline), "reports not acknowledged")
		time.Sleep(10 * time.Millisecond)
	}
	assert.Empty(t, a.applied)
}

func TestBackoff(t *testing.T) {
	assert.Equal(t, minRetry, retry.After(1))
	assert.Equal(t, 4*minRetry, retry.After(3))
	assert.Equal(t, maxRetry, retry.After(50))
}
