package worker_test

import (
	"context"
	"log/slog"
	"os"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/natstest"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/services/transcode/internal/events"
	"github.com/vidhost/vidhost/services/transcode/internal/fetch"
	"github.com/vidhost/vidhost/services/transcode/internal/job"
	"github.com/vidhost/vidhost/services/transcode/internal/media"
	"github.com/vidhost/vidhost/services/transcode/internal/mediatest"
	"github.com/vidhost/vidhost/services/transcode/internal/sourcehttp"
	"github.com/vidhost/vidhost/services/transcode/internal/transcodetest"
	"github.com/vidhost/vidhost/services/transcode/internal/worker"
)

// Test sources: short, so each transcode takes a few seconds on two cores.
var (
	clip720p  = mediatest.ClipSpec{Width: 1280, Height: 720, Seconds: 4, Audio: true}
	clipSmall = mediatest.ClipSpec{Width: 640, Height: 360, Seconds: 2, Audio: true}
	clipLong  = mediatest.ClipSpec{Width: 640, Height: 360, Seconds: 10, Audio: true}
)

// testConfig keeps retries and redeliveries within seconds.
var testConfig = worker.Config{
	Concurrency: 2, AckWait: 5 * time.Second, Heartbeat: time.Second,
	MaxDeliver: 3, RetryDelay: 100 * time.Millisecond, DrainTimeout: 0,
}

// Every test has a bundle of its own, so every test calls t.Parallel: one
// test's waits on NATS and redeliveries overlap another's ffmpeg.
//
// bundle is one test's NATS server, blob store and report recorder. The
// worker runs as transcode and jobs come from catalog, each with its
// production rights; js (the harness) only looks at the streams.
type bundle struct {
	js      jetstream.JetStream
	worker  jetstream.JetStream
	catalog jetstream.JetStream
	store   blob.Store
	reports *transcodetest.Reports
	blobURL string // the store over HTTP, for ffprobe
	natsURL string // for a worker on a connection of its own
}

func setup(t *testing.T) *bundle {
	t.Helper()
	return setupWith(t, blob.Config{Driver: "local", Dir: t.TempDir()})
}

// setupWith is setup on the blob store cfg describes.
func setupWith(t *testing.T, cfg blob.Config) *bundle {
	t.Helper()
	mediatest.RequireTools(t)
	url := natstest.Start(t)
	js := natstest.JetStream(t, url)
	catalog := natstest.JetStreamAs(t, url, natsx.ServiceCatalog)
	store, err := blob.Open(context.Background(), cfg)
	require.NoError(t, err)
	return &bundle{js: js, worker: natstest.JetStreamAs(t, url, natsx.ServiceTranscode), catalog: catalog, store: store,
		reports: transcodetest.Record(t, catalog), blobURL: transcodetest.ServeBlob(t, store), natsURL: url}
}

// workerSetup is what a test may change about a worker.
type workerSetup struct {
	config worker.Config
	fetch  fetch.Options
	media  media.Config
	// timeouts are the runner's per-job timeouts (none when zero).
	timeouts job.Timeouts
	// chunked encodes long outputs in chunks in the worker (media.Config.Chunks says how long).
	chunked bool
	// distributed spreads them over workers (worker.Config.Distributed).
	distributed bool
}

func defaults() workerSetup {
	return workerSetup{config: testConfig, fetch: fetch.Options{AllowPrivate: true}}
}

// start runs a worker until the test ends (or Stop).
func (b *bundle) start(t *testing.T, ws workerSetup) *worker.Worker {
	t.Helper()
	return b.startOn(t, b.worker, ws)
}

// startOn is start on the connection js, with transcode's rights.
func (b *bundle) startOn(t *testing.T, js jetstream.JetStream, ws workerSetup) *worker.Worker {
	t.Helper()
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError}))
	runner := &job.Runner{
		Store: b.store, Fetcher: fetch.New(ws.fetch), Transcoder: media.New(ws.media), Sources: startSources(t, b.store, logger),
		WorkDir: t.TempDir(), Timeouts: ws.timeouts, Chunked: ws.chunked, Logger: logger,
	}
	cfg := ws.config
	cfg.Distributed = ws.distributed
	w, err := worker.Start(t.Context(), js, runner, cfg, logger)
	require.NoError(t, err)
	t.Cleanup(func() { _ = w.Stop(context.Background()) })
	return w
}

// startSources is a worker's source server, closed after the worker (the
// cleanups run last first).
func startSources(t *testing.T, store blob.Store, logger *slog.Logger) *sourcehttp.Server {
	t.Helper()
	sources, err := sourcehttp.Start(store, logger)
	require.NoError(t, err)
	t.Cleanup(func() { _ = sources.Close(context.Background()) })
	return sources
}

func (b *bundle) enqueue(t *testing.T, j job.Job) {
	t.Helper()
	require.NoError(t, events.Enqueue(context.Background(), b.catalog, j))
}

// uploadJob is a job whose source is spec, uploaded to the store.
func (b *bundle) uploadJob(t *testing.T, spec mediatest.ClipSpec) job.Job {
	t.Helper()
	j := transcodetest.NewJob()
	transcodetest.Upload(t, b.store, &j, mediatest.Clip(t, spec))
	return j
}

// mediaURL is the URL of one of j's outputs.
func (b *bundle) mediaURL(j job.Job, rel string) string {
	return b.blobURL + "/" + j.MediaFolder() + rel
}

// streamMessages counts the messages a stream holds on subject.
func (b *bundle) streamMessages(t *testing.T, stream, subject string) uint64 {
	t.Helper()
	s, err := b.js.Stream(context.Background(), stream)
	require.NoError(t, err)
	info, err := s.Info(context.Background(), jetstream.WithSubjectFilter(subject))
	require.NoError(t, err)
	return info.State.Subjects[subject]
}

// jobsLeft is the number of jobs still in the work queue.
func (b *bundle) jobsLeft(t *testing.T) uint64 {
	return b.streamMessages(t, natsx.StreamNameJobs, natsx.SubjectTranscodeJobs)
}

// waitQueueEmpty waits until every job was acknowledged or terminated.
func (b *bundle) waitQueueEmpty(t *testing.T) {
	t.Helper()
	require.Eventually(t, func() bool { return b.jobsLeft(t) == 0 }, transcodetest.WaitTimeout, 20*time.Millisecond,
		"jobs still in the work queue")
}

// deadLetters returns the dead-lettered jobs.
func (b *bundle) deadLetters(t *testing.T) []jetstream.Msg {
	t.Helper()
	subject := natsx.DeadLetterSubject(natsx.SubjectTranscodeJobs)
	n := b.streamMessages(t, natsx.StreamNameDeadLetter, subject)
	if n == 0 {
		return nil
	}
	consumer, err := b.js.OrderedConsumer(context.Background(), natsx.StreamNameDeadLetter,
		jetstream.OrderedConsumerConfig{FilterSubjects: []string{subject}})
	require.NoError(t, err)
	batch, err := consumer.FetchNoWait(int(n))
	require.NoError(t, err)
	var out []jetstream.Msg
	for msg := range batch.Messages() {
		out = append(out, msg)
	}
	return out
}
