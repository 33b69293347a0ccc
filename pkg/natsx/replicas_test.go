package natsx_test

import (
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/config"
	"github.com/vidhost/vidhost/pkg/lifecycle"
	"github.com/vidhost/vidhost/pkg/natstest"
	"github.com/vidhost/vidhost/pkg/natsx"
)

func TestWithReplicasSetsEveryStreamAndCopies(t *testing.T) {
	streams := natsx.AllStreams()
	scaled := natsx.WithReplicas(streams, 3)
	require.Len(t, scaled, len(streams))
	for i, cfg := range scaled {
		assert.Equal(t, 3, cfg.Replicas, cfg.Name)
		assert.Equal(t, 0, streams[i].Replicas, "the input is left alone")
	}
	scaled[0].Subjects[0] = "changed"
	assert.NotEqual(t, "changed", streams[0].Subjects[0])
	assert.Equal(t, 1, natsx.WithReplicas(streams, 0)[0].Replicas, "unset means one server")
}

func TestReplicasComeFromTheEnvironment(t *testing.T) {
	var cfg struct{ NATS natsx.Settings }
	require.NoError(t, config.Load(&cfg))
	assert.Equal(t, 1, cfg.NATS.Replicas, "the devstack default: one server")

	t.Setenv("VIDHOST_NATS_REPLICAS", "3")
	require.NoError(t, config.Load(&cfg))
	assert.Equal(t, 3, cfg.NATS.Replicas)
}

// StartJetStream is what every service runs at start: the replicas of its
// Settings reach the server. A single server keeps R1 streams and refuses
// R3 ones, which proves the setting is not dropped on the way.
func TestStartJetStreamCreatesStreamsWithTheConfiguredReplicas(t *testing.T) {
	url := natstest.Start(t)
	stack := lifecycle.New(slog.New(slog.DiscardHandler))
	t.Cleanup(func() { _ = stack.Shutdown(t.Context()) })

	client := natstest.Client(url, natsx.ServiceTranscode)
	client.Settings.Replicas = 1
	js, err := natsx.StartJetStream(t.Context(), client, slog.New(slog.DiscardHandler), stack, natsx.StreamJobs)
	require.NoError(t, err)
	info := streamInfo(t, js, natsx.StreamNameJobs)
	assert.Equal(t, 1, info.Config.Replicas)

	client.Settings.Replicas = 3
	_, err = natsx.StartJetStream(t.Context(), client, slog.New(slog.DiscardHandler), stack, natsx.StreamJobs)
	require.Error(t, err, "a single server cannot keep three copies")
	assert.Contains(t, err.Error(), natsx.StreamNameJobs)
	assert.Contains(t, err.Error(), "replicas > 1 not supported", "refused for its replicas, not its rights")
	assert.Equal(t, 1, streamInfo(t, js, natsx.StreamNameJobs).Config.Replicas, "the stream is unchanged")
}

func streamInfo(t *testing.T, js jetstream.JetStream, name string) *jetstream.StreamInfo {
	t.Helper()
	stream, err := js.Stream(t.Context(), name)
	require.NoError(t, err)
	info, err := stream.Info(t.Context())
	require.NoError(t, err)
	return info
}

// On a three-server cluster (production's NATS chart) the streams get three
// replicas, and a durable consumer created as the services create theirs
// (no Replicas of its own) inherits them: one server lost costs neither.
func TestStreamsAndConsumersAreReplicatedOnACluster(t *testing.T) {
	urls := natstest.StartCluster(t, 3)
	stack := lifecycle.New(slog.New(slog.DiscardHandler))
	t.Cleanup(func() { _ = stack.Shutdown(t.Context()) })

	client := natstest.Client(strings.Join(urls, ","), natsx.ServiceTranscode)
	client.Settings.Replicas = 3
	// Placing three replicas can outlast the client's 5 s default on a
	// loaded machine; a deadline on ctx replaces that default.
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	js, err := natsx.StartJetStream(ctx, client, slog.New(slog.DiscardHandler), stack, natsx.StreamJobs)
	require.NoError(t, err)
	info := streamInfo(t, js, natsx.StreamNameJobs)
	assert.Equal(t, 3, info.Config.Replicas)
	require.NotNil(t, info.Cluster)
	assert.Len(t, info.Cluster.Replicas, 2, "a leader and two followers")

	consumer, err := js.CreateOrUpdateConsumer(ctx, natsx.StreamNameJobs, jetstream.ConsumerConfig{
		Durable: "transcode", FilterSubject: natsx.SubjectTranscodeJobs, AckPolicy: jetstream.AckExplicitPolicy,
	})
	require.NoError(t, err)
	consumerInfo, err := consumer.Info(t.Context())
	require.NoError(t, err)
	require.NotNil(t, consumerInfo.Cluster)
	assert.Len(t, consumerInfo.Cluster.Replicas, 2, "the consumer is replicated like its stream")
}
