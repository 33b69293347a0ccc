package server_test

import (
	"net"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/encoding/protojson"

	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/pkg/natstest"
	"github.com/vidhost/vidhost/pkg/natsx"
)

// Videos created while NATS is down are announced once it is back: the
// outbox keeps every video.created until JetStream has it, and the
// Nats-Msg-Id keeps a retried publish from arriving twice.
func TestNoEventIsLostWhileNATSIsDown(t *testing.T) {
	t.Parallel()
	storeDir := t.TempDir()
	first := natstest.StartServer(t, storeDir, -1)
	port := first.Addr().(*net.TCPAddr).Port
	b := setupWith(t, first.ClientURL())
	consumer, err := b.js.CreateOrUpdateConsumer(t.Context(), natsx.StreamNameCatalog, jetstream.ConsumerConfig{
		Durable: "outage-test", FilterSubject: natsx.SubjectVideoCreated, AckPolicy: jetstream.AckExplicitPolicy,
	})
	require.NoError(t, err)

	first.Shutdown()
	first.WaitForShutdown()
	want := map[string]bool{}
	for _, name := range []string{"One", "Two", "Three", "Four", "Five"} {
		want[createVideo(t, b, b.alice, name).GetId()] = true
	}
	natstest.StartServer(t, storeDir, port)

	got := map[string]int{}
	deadline := time.Now().Add(30 * time.Second)
	for len(got) < len(want) && time.Now().Before(deadline) {
		batch, err := consumer.Fetch(len(want), jetstream.FetchMaxWait(2*time.Second))
		if err != nil {
			continue // still reconnecting
		}
		for msg := range batch.Messages() {
			var event eventsv1.VideoEvent
			require.NoError(t, protojson.Unmarshal(msg.Data(), &event))
			got[event.GetVideo().GetId()]++
			require.NoError(t, msg.Ack())
		}
	}

	for id := range want {
		assert.Equal(t, 1, got[id], "video.created of %s", id)
	}
	assert.Len(t, got, len(want), "no other video was announced")
	stream, err := b.js.Stream(t.Context(), natsx.StreamNameCatalog)
	require.NoError(t, err)
	info, err := stream.Info(t.Context(), jetstream.WithSubjectFilter(natsx.SubjectVideoCreated))
	require.NoError(t, err)
	assert.Equal(t, uint64(len(want)), info.State.Subjects[natsx.SubjectVideoCreated], "each stored exactly once")

	// The media consumer is back too.
	for id := range want {
		b.report(t, natsx.SubjectTranscodeProgress, &eventsv1.TranscodeProgress{Meta: meta(b), VideoId: id, Progress: 1})
		assert.Equal(t, "processing", getVideo(t, b, b.alice, id).GetStatus())
		break
	}
}
