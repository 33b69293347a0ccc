package natsx_test

import (
	"log/slog"
	"testing"

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
