package transcribeworker_test

import (
	"context"
	"log/slog"
	"os"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/encoding/protojson"

	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/natstest"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/timefmt"
	"github.com/vidhost/vidhost/services/transcode/internal/speech"
	"github.com/vidhost/vidhost/services/transcode/internal/transcribe"
	"github.com/vidhost/vidhost/services/transcode/internal/transcribeworker"
)

// stuckEngine recognises nothing until its context ends, as pocketsphinx
// on a 3-hour video seems to: only a cancel ends the job.
type stuckEngine struct {
	started chan struct{}
	calls   atomic.Int32
}

func (e *stuckEngine) Recognize(ctx context.Context, _, _ string) ([]speech.Word, error) {
	if e.calls.Add(1) == 1 {
		close(e.started)
	}
	<-ctx.Done()
	return nil, ctx.Err()
}

func (e *stuckEngine) Languages() []string { return []string{"en-US"} }

type cancelBundle struct {
	harness, catalog jetstream.JetStream
	store            blob.Store
	engine           *stuckEngine
	video            string
}

// startCancelWorker runs a worker over a stuck engine that looks its
// jobs' cancels up every 100 ms.
func startCancelWorker(t *testing.T) cancelBundle {
	t.Helper()
	url := natstest.Start(t)
	harness := natstest.JetStream(t, url)
	require.NoError(t, natsx.EnsureStreams(t.Context(), harness, natsx.AllStreams()...))
	store, err := blob.NewLocal(blob.Config{Dir: t.TempDir()})
	require.NoError(t, err)
	engine := &stuckEngine{started: make(chan struct{})}
	runner := &transcribe.Runner{Store: store, WorkDir: t.TempDir(), Config: transcribe.Config{FFmpeg: "ffmpeg", Engine: engine}}
	cfg := testConfig
	cfg.AckWait, cfg.Heartbeat = 2*time.Second, 100*time.Millisecond
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError}))
	w, err := transcribeworker.Start(t.Context(), natstest.JetStreamAs(t, url, natsx.ServiceTranscode), runner, cfg, logger)
	require.NoError(t, err)
	t.Cleanup(w.Stop)
	return cancelBundle{harness: harness, catalog: natstest.JetStreamAs(t, url, natsx.ServiceCatalog), store: store,
		engine: engine, video: toneVideo(t)}
}

// cancel publishes, as the catalog does, the cancel of job j.
func (b cancelBundle) cancel(t *testing.T, j transcribe.Job) {
	t.Helper()
	meta := &eventsv1.EventMeta{Id: ids.New(), AccountId: j.AccountID, OccurredTime: timefmt.Format(time.Now())}
	data, err := protojson.Marshal(&eventsv1.TranscribeCancel{Meta: meta, TranscribeId: j.ID, VideoId: j.VideoID})
	require.NoError(t, err)
	_, err = b.catalog.Publish(t.Context(), natsx.TranscribeCancelSubject(j.ID), data, jetstream.WithMsgID(meta.GetId()))
	require.NoError(t, err)
}

// A job cancelled while the recogniser runs is stopped and reported failed
// with the reason "cancelled", on which the catalog frees the account's
// slot; the message is settled, not delivered again. Without the cancel
// the stuck engine would hold the worker until the job's own timeout.
func TestCancelStopsARunningJob(t *testing.T) {
	b := startCancelWorker(t)
	j := enqueue(t, b.catalog, b.store, b.video)
	select {
	case <-b.engine.started:
	case <-time.After(time.Minute):
		t.Fatal("the job never reached the recogniser")
	}

	b.cancel(t, j)

	reports := finalReports(t, b.harness, 1)
	require.NotNil(t, reports[j.ID].failed, "the cancelled job is reported")
	assert.Equal(t, "cancelled", reports[j.ID].failed.GetReason())
	requireSettled(t, b.harness)
	assert.Equal(t, int32(1), b.engine.calls.Load(), "run once, not delivered again")
}

// A job whose cancel came before any worker took it (or before a dead
// worker's job was delivered again) never starts: it is only reported.
func TestCancelledJobNeverStarts(t *testing.T) {
	b := startCancelWorker(t)
	j := transcribe.Job{ID: ids.New(), AccountID: ids.New(), VideoID: ids.New()}
	b.cancel(t, j)
	j = enqueueAs(t, b.catalog, b.store, b.video, j)

	reports := finalReports(t, b.harness, 1)
	require.NotNil(t, reports[j.ID].failed)
	assert.Equal(t, "cancelled", reports[j.ID].failed.GetReason())
	requireSettled(t, b.harness)
	assert.Zero(t, b.engine.calls.Load(), "the recogniser never ran")
}

// requireSettled waits until the worker settled every job it took.
func requireSettled(t *testing.T, js jetstream.JetStream) {
	t.Helper()
	consumer, err := js.Consumer(t.Context(), natsx.StreamNameJobs, transcribeworker.ConsumerName)
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		info, err := consumer.Info(t.Context())
		return err == nil && info.NumAckPending == 0 && info.NumPending == 0
	}, 10*time.Second, 20*time.Millisecond, "the job's message is settled")
}

// toneVideo is a 2 s video with a sine tone: audio to extract, no speech.
func toneVideo(t *testing.T) string {
	t.Helper()
	path := t.TempDir() + "/tone.mp4"
	require.NoError(t, run(t, "ffmpeg", "-hide_banner", "-nostdin", "-loglevel", "error", "-y",
		"-f", "lavfi", "-i", "testsrc2=size=160x120:rate=10:duration=2",
		"-f", "lavfi", "-i", "sine=frequency=440:duration=2",
		"-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", "-shortest", path))
	return path
}
