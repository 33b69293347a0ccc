package app_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/proto"

	"github.com/vidhost/vidhost/pkg/gobuild"
	"github.com/vidhost/vidhost/pkg/natstest"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/pgtest"
	"github.com/vidhost/vidhost/pkg/timefmt"
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"
	"github.com/vidhost/vidhost/services/analytics/internal/events"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// Killing the service with SIGKILL in the middle of ingesting loses and
// double-counts nothing: the restarted service finishes, and every event
// is stored once and counted once. Builds the binary; about 10 s.
func TestSIGKILLDuringIngestLosesAndDoubleCountsNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the service binary")
	}
	dir, err := gobuild.Build(t.Context(), gobuild.Options{}, "github.com/vidhost/vidhost/services/analytics/cmd/analytics")
	require.NoError(t, err)
	binary := filepath.Join(dir, "analytics")

	db := pgtest.Schema(t)
	pool := db.Pool(t)
	url := natstest.Start(t)
	harness := natstest.JetStream(t, url)
	const n = 30_000
	publishPlays(t, harness, n)

	env := append(os.Environ(), "VIDHOST_DATABASE_URL="+db.URL, "VIDHOST_ANALYTICS_DB_SCHEMA="+db.Schema,
		"VIDHOST_NATS_URL="+url, "VIDHOST_INTERNAL_SECRET="+natstest.Secret,
		"VIDHOST_ANALYTICS_GRPC_ADDR=127.0.0.1:0", "VIDHOST_ANALYTICS_BATCH_SIZE=500", "VIDHOST_LOG_LEVEL=warn")
	start := func() *exec.Cmd {
		cmd := exec.Command(binary)
		cmd.Env, cmd.Stdout, cmd.Stderr = env, os.Stderr, os.Stderr
		require.NoError(t, cmd.Start())
		return cmd
	}
	stored := func() (raw, views int64) {
		_ = pool.QueryRow(t.Context(), `SELECT count(*) FROM view_events`).Scan(&raw)
		_ = pool.QueryRow(t.Context(), `SELECT coalesce(sum(views), 0) FROM daily_views`).Scan(&views)
		return raw, views
	}

	first := start()
	require.Eventually(t, func() bool { raw, _ := stored(); return raw >= n/3 }, 30*time.Second, time.Millisecond)
	require.NoError(t, first.Process.Signal(syscall.SIGKILL))
	_ = first.Wait()
	killedAt, _ := stored()
	t.Logf("killed after %d of %d events", killedAt, n)
	require.Less(t, killedAt, int64(n), "killed during ingest, not after")

	second := start()
	t.Cleanup(func() { _ = second.Process.Signal(syscall.SIGTERM); _ = second.Wait() })
	require.Eventually(t, func() bool { raw, _ := stored(); return raw == n && pending(t, harness) == 0 },
		90*time.Second, 50*time.Millisecond, "the restarted service stores the rest (after the ack wait, 30 s)")
	raw, views := stored()
	assert.EqualValues(t, n, raw, "nothing lost or stored twice")
	assert.EqualValues(t, n, views, "nothing counted twice")
}

func publishPlays(t *testing.T, js jetstream.JetStream, n int) {
	t.Helper()
	now := timefmt.Format(time.Now().UTC())
	for i := range n {
		id := fmt.Sprintf("event-%06d", i)
		data, err := proto.Marshal(&eventsv1.ViewEvent{ // as the edge publishes them
			Meta: &eventsv1.EventMeta{Id: id, AccountId: "account-a", OccurredTime: now},
			Type: "play", VideoId: fmt.Sprintf("video-%03d", i%100), ViewerId: fmt.Sprintf("viewer-%06d", i),
			Domain: fmt.Sprintf("d%d.example", i%20), Country: "US",
		})
		require.NoError(t, err)
		msg := nats.NewMsg(natsx.SubjectAnalyticsViews)
		msg.Data = data
		natsx.SetProtobuf(msg)
		msg.Header.Set(jetstream.MsgIDHeader, id)
		// More than the 4,000 acks the client lets be outstanding: it waits
		// for some to come back, as long as a loaded machine needs.
		_, err = js.PublishMsgAsync(msg, jetstream.WithStallWait(30*time.Second))
		require.NoError(t, err)
	}
	select {
	case <-js.PublishAsyncComplete():
	case <-time.After(30 * time.Second):
		t.Fatal("publishing timed out")
	}
}

// pending is how many messages the service's consumer has not settled.
func pending(t *testing.T, js jetstream.JetStream) uint64 {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), time.Second)
	defer cancel()
	c, err := js.Consumer(ctx, natsx.StreamNameViews, events.ConsumerName)
	if err != nil {
		return 1
	}
	info, err := c.Info(ctx)
	if err != nil {
		return 1
	}
	return info.NumPending + uint64(info.NumAckPending)
}
