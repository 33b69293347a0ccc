package server_test

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"

	"github.com/vidhost/vidhost/pkg/grpcx/grpcxtest"
	"github.com/vidhost/vidhost/pkg/plans"
)

const proRefusal = "the account already has 1 live event(s), the most the pro plan allows at once: end one, or move to a larger plan"

// A publisher admitted holds the pro plan's one live event before its
// event is live (live.started comes seconds later): a second event's
// publisher is refused meanwhile, while the first passes its rechecks. An
// admission older than the window (a publisher that left before going
// live) no longer counts.
func TestAuthorizePublishCountsAdmittedEventsNotYetLive(t *testing.T) {
	t.Parallel()
	b := setup(t)
	live := liveClient(t, b)
	pro := b.alice
	pro.Plan = plans.Pro
	first := createEvent(t, b, pro).GetId()
	second := createEvent(t, b, pro).GetId()
	firstKey := &catalogv1.AuthorizePublishRequest{Key: keyOf(t, b, pro, first)}
	secondKey := &catalogv1.AuthorizePublishRequest{Key: keyOf(t, b, pro, second)}

	_, err := live.AuthorizePublish(t.Context(), firstKey)
	require.NoError(t, err)
	_, err = live.AuthorizePublish(t.Context(), secondKey)
	grpcxtest.RequireStatus(t, err, codes.ResourceExhausted, proRefusal)
	_, err = live.AuthorizePublish(t.Context(), firstKey)
	require.NoError(t, err, "the admitted event passes its recheck before it is live")

	// The first publisher left before live.started: its admission lapses.
	_, err = b.db.Pool(t).Exec(t.Context(),
		`UPDATE stream_keys SET admitted_time = now() - interval '1 minute' WHERE video_id = $1`, first)
	require.NoError(t, err)
	_, err = live.AuthorizePublish(t.Context(), secondKey)
	require.NoError(t, err, "an admission older than the window holds no live event")
	_, err = live.AuthorizePublish(t.Context(), firstKey)
	grpcxtest.RequireStatus(t, err, codes.ResourceExhausted, proRefusal)
}

// Publishers of several events of a pro account connecting at once: the
// per-account lock admits exactly one.
func TestAuthorizePublishAdmitsOneOfConcurrentPublishers(t *testing.T) {
	t.Parallel()
	b := setup(t)
	live := liveClient(t, b)
	pro := b.alice
	pro.Plan = plans.Pro
	const publishers = 4
	keys := make([]string, publishers)
	for i := range keys {
		keys[i] = keyOf(t, b, pro, createEvent(t, b, pro).GetId())
	}

	errs := make([]error, publishers)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i, key := range keys {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			_, errs[i] = live.AuthorizePublish(t.Context(), &catalogv1.AuthorizePublishRequest{Key: key})
		}()
	}
	close(start)
	wg.Wait()

	granted := 0
	for _, err := range errs {
		if err == nil {
			granted++
			continue
		}
		assert.Equal(t, codes.ResourceExhausted, status.Code(err), err)
		assert.Equal(t, proRefusal, status.Convert(err).Message())
	}
	assert.Equal(t, 1, granted, "grants among %d concurrent publishers", publishers)
}
