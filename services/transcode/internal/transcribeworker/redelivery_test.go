package transcribeworker_test

import (
	"log/slog"
	"os"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/natstest"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/speechtest"
	"github.com/vidhost/vidhost/services/transcode/internal/speech"
	"github.com/vidhost/vidhost/services/transcode/internal/transcribe"
	"github.com/vidhost/vidhost/services/transcode/internal/transcribeworker"
)

// TestDeadWorkersJobIsRedelivered: a worker takes a job and dies (no ack,
// no heartbeat); after AckWait the job goes to a live worker and completes.
// About 10 s.
func TestDeadWorkersJobIsRedelivered(t *testing.T) {
	if testing.Short() {
		t.Skip("runs ffmpeg, flite and pocketsphinx")
	}
	ctx := t.Context()
	url := natstest.Start(t)
	harness := natstest.JetStream(t, url)
	require.NoError(t, natsx.EnsureStreams(ctx, harness, natsx.AllStreams()...))
	store, err := blob.NewLocal(blob.Config{Dir: t.TempDir()})
	require.NoError(t, err)
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError}))
	runner := &transcribe.Runner{Store: store, WorkDir: t.TempDir(),
		Config: transcribe.Config{FFmpeg: "ffmpeg", Engine: speech.Pocketsphinx{}}}
	cfg := testConfig
	cfg.AckWait, cfg.Heartbeat = 2*time.Second, 500*time.Millisecond
	workerJS := natstest.JetStreamAs(t, url, natsx.ServiceTranscode)

	// The consumer exists, no worker runs: the dead worker takes the job.
	first, err := transcribeworker.Start(ctx, workerJS, runner, cfg, logger)
	require.NoError(t, err)
	first.Stop()
	fixture, err := speechtest.Make(ctx, t.TempDir())
	require.NoError(t, err)
	j := enqueue(t, natstest.JetStreamAs(t, url, natsx.ServiceCatalog), store, fixture.Video)
	consumer, err := harness.Consumer(ctx, natsx.StreamNameJobs, transcribeworker.ConsumerName)
	require.NoError(t, err)
	taken, err := consumer.Next(jetstream.FetchMaxWait(5 * time.Second))
	require.NoError(t, err)
	require.Contains(t, string(taken.Data()), j.ID) // and then the worker "dies"

	live, err := transcribeworker.Start(ctx, workerJS, runner, cfg, logger)
	require.NoError(t, err)
	t.Cleanup(live.Stop)
	reports := finalReports(t, harness, 1)
	require.NotNil(t, reports[j.ID].completed, "the job completes on the live worker")

	// The worker reports before it acknowledges (a crash in between redelivers,
	// never loses), so the ack may land a moment after the report.
	var info *jetstream.ConsumerInfo
	require.Eventually(t, func() bool {
		info, err = consumer.Info(ctx)
		return err == nil && info.NumAckPending == 0
	}, 10*time.Second, 20*time.Millisecond, "acknowledged after the second delivery")
	assert.Equal(t, uint64(2), info.Delivered.Consumer, "delivered twice: to the dead worker, then the live one")
}
