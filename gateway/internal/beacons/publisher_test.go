package beacons_test

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/internal/beacons"
	"github.com/vidhost/vidhost/pkg/natstest"
	"github.com/vidhost/vidhost/pkg/natsx"
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"
)

// The gateway publishes batches on analytics.views with its own NATS
// rights; a repeated event id is stored once (Nats-Msg-Id).
func TestPublisherSendsBatchesOnce(t *testing.T) {
	url := natstest.Start(t)
	js := natstest.JetStreamAs(t, url, natsx.ServiceGateway)
	publisher := beacons.NewPublisher(js, slog.New(slog.DiscardHandler))
	ctx, stop := context.WithCancel(t.Context())
	var wg sync.WaitGroup
	wg.Go(func() { publisher.Run(ctx) })

	const n = 1200
	for i := range n {
		publisher.Submit(&eventsv1.ViewEvent{Meta: &eventsv1.EventMeta{Id: fmt.Sprintf("event-%05d", i), AccountId: "a"}, Type: "play"})
	}
	publisher.Submit(&eventsv1.ViewEvent{Meta: &eventsv1.EventMeta{Id: "event-00000", AccountId: "a"}, Type: "play"})
	stop()
	wg.Wait()

	published, dropped, failed := publisher.Counts()
	assert.EqualValues(t, n+1, published)
	assert.Zero(t, dropped)
	assert.Zero(t, failed)
	stream, err := js.Stream(t.Context(), natsx.StreamNameViews)
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		info, err := stream.Info(t.Context())
		return err == nil && info.State.Msgs == n
	}, 5*time.Second, 20*time.Millisecond, "the duplicate is dropped by the stream")
}
