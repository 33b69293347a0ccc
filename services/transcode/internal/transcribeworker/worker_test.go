package transcribeworker_test

import (
	"context"
	"io"
	"log/slog"
	"os"
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
	"github.com/vidhost/vidhost/pkg/speechtest"
	"github.com/vidhost/vidhost/services/transcode/internal/speech"
	"github.com/vidhost/vidhost/services/transcode/internal/transcribe"
	"github.com/vidhost/vidhost/services/transcode/internal/transcribeworker"
	"github.com/vidhost/vidhost/services/transcode/internal/worker"
)

var testConfig = worker.Config{
	Concurrency: 1, AckWait: 5 * time.Second, Heartbeat: time.Second,
	MaxDeliver: 2, RetryDelay: 100 * time.Millisecond,
}

// TestJobsThroughJetStream enqueues, as catalog, a job on the spoken fixture
// and one on a video without sound; the worker (as transcode, with its
// production rights) reports one completed with the VTT and one failed with
// its reason, and keeps serving. About 10 s.
func TestJobsThroughJetStream(t *testing.T) {
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
	w, err := transcribeworker.Start(ctx, natstest.JetStreamAs(t, url, natsx.ServiceTranscode), runner, testConfig, logger)
	require.NoError(t, err)
	t.Cleanup(w.Stop)

	fixture, err := speechtest.Make(ctx, t.TempDir())
	require.NoError(t, err)
	catalog := natstest.JetStreamAs(t, url, natsx.ServiceCatalog)
	spoken := enqueue(t, catalog, store, fixture.Video)
	mute := enqueue(t, catalog, store, muteVideo(t))

	reports := finalReports(t, harness, 2)
	require.Contains(t, reports, spoken.ID)
	done := reports[spoken.ID].completed
	require.NotNil(t, done, "the spoken video completes")
	assert.Positive(t, done.GetCueCount())
	body, _, err := store.Open(ctx, done.GetVttObjectKey())
	require.NoError(t, err)
	vtt, _ := io.ReadAll(body)
	_ = body.Close()
	assert.Contains(t, string(vtt), "WEBVTT")

	require.Contains(t, reports, mute.ID)
	assert.Equal(t, "the video has no audio", reports[mute.ID].failed.GetReason())
}

type final struct {
	completed *eventsv1.TranscribeCompleted
	failed    *eventsv1.TranscribeFailed
}

// finalReports reads transcribe.completed and .failed until n arrived.
func finalReports(t *testing.T, js jetstream.JetStream, n int) map[string]final {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	consumer, err := js.CreateConsumer(ctx, natsx.StreamNameMedia, jetstream.ConsumerConfig{
		FilterSubjects: []string{natsx.SubjectTranscribeCompleted, natsx.SubjectTranscribeFailed},
		AckPolicy:      jetstream.AckNonePolicy,
	})
	require.NoError(t, err)
	got := map[string]final{}
	for len(got) < n {
		msg, err := consumer.Next(jetstream.FetchContext(ctx))
		require.NoError(t, err)
		if msg.Subject() == natsx.SubjectTranscribeCompleted {
			var m eventsv1.TranscribeCompleted
			require.NoError(t, protojson.Unmarshal(msg.Data(), &m))
			got[m.GetTranscribeId()] = final{completed: &m}
		} else {
			var m eventsv1.TranscribeFailed
			require.NoError(t, protojson.Unmarshal(msg.Data(), &m))
			got[m.GetTranscribeId()] = final{failed: &m}
		}
	}
	return got
}

func enqueue(t *testing.T, catalog jetstream.JetStream, store blob.Store, video string) transcribe.Job {
	t.Helper()
	return enqueueAs(t, catalog, store, video, transcribe.Job{ID: ids.New(), AccountID: ids.New(), VideoID: ids.New()})
}

// enqueueAs stores video as the MP4 of j's video and sends j, in en-US.
func enqueueAs(t *testing.T, catalog jetstream.JetStream, store blob.Store, video string, j transcribe.Job) transcribe.Job {
	t.Helper()
	j.Language = "en-US"
	key, err := blob.VideoKey(j.AccountID, j.VideoID, "mp4/720p.mp4")
	require.NoError(t, err)
	j.SourceKey = key
	f, err := os.Open(video) //nolint:gosec // G304: the test's own file
	require.NoError(t, err)
	defer f.Close()
	info, err := f.Stat()
	require.NoError(t, err)
	require.NoError(t, store.Put(t.Context(), key, f, info.Size(), "video/mp4"))
	data, err := transcribeworker.EncodeJob(j)
	require.NoError(t, err)
	_, err = catalog.Publish(t.Context(), natsx.SubjectTranscribeJobs, data)
	require.NoError(t, err)
	return j
}

func muteVideo(t *testing.T) string {
	t.Helper()
	path := t.TempDir() + "/mute.mp4"
	require.NoError(t, run(t, "ffmpeg", "-hide_banner", "-nostdin", "-loglevel", "error", "-y",
		"-f", "lavfi", "-i", "testsrc2=size=160x120:rate=10:duration=2", "-c:v", "libx264", "-preset", "ultrafast", path))
	return path
}
