package worker_test

import (
	"context"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/services/transcode/internal/events"
	"github.com/vidhost/vidhost/services/transcode/internal/transcodetest"
	"github.com/vidhost/vidhost/services/transcode/internal/worker"
)

// A job that fails for a passing reason on every attempt (here an encoder
// that always crashes) is retried MaxDeliver times, then ends in error and
// on the dead-letter stream, instead of looping forever.
func TestPoisonJobIsDeadLettered(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ws := defaults()
	ws.media.FFmpeg = "false" // probing works, every encode fails
	b.start(t, ws)
	j := b.uploadJob(t, clipSmall)
	b.enqueue(t, j)

	final := b.reports.WaitFinal(t, j.VideoID)
	require.NotNil(t, final.Failed)
	assert.Equal(t, "transcoding failed: the encoder stopped with an error", final.Failed.GetReason())
	assert.Equal(t, events.DerivedID(j, "failed"), final.MsgID)
	assert.Len(t, startsOf(b.reports.Of(j.VideoID)), testConfig.MaxDeliver, "one start per attempt")
	b.waitQueueEmpty(t)
	dead := b.deadLetters(t)
	require.Len(t, dead, 1)
	assert.Equal(t, natsx.SubjectTranscodeJobs, dead[0].Headers().Get(natsx.HeaderOriginalSubject))
	assert.Equal(t, final.Failed.GetReason(), dead[0].Headers().Get(natsx.HeaderDeadLetterError))
}

// A job delivered more often than MaxDeliver (its last attempt died with
// its worker) is failed and dead-lettered without running again.
func TestJobWhoseAttemptsDiedIsFailed(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ws := defaults()
	ws.config.MaxDeliver, ws.config.AckWait, ws.config.Heartbeat = 1, time.Second, 500*time.Millisecond
	j := b.uploadJob(t, clipSmall)
	b.enqueue(t, j)
	// Take the job as a worker would and "die": no ack, no heartbeat.
	consumer, err := b.worker.CreateOrUpdateConsumer(context.Background(), natsx.StreamNameJobs, jetstream.ConsumerConfig{
		Durable: worker.ConsumerName, FilterSubject: natsx.SubjectTranscodeJobs,
		AckPolicy: jetstream.AckExplicitPolicy, AckWait: time.Second, MaxDeliver: -1,
	})
	require.NoError(t, err)
	_, err = consumer.Next()
	require.NoError(t, err)

	b.start(t, ws)
	final := b.reports.WaitFinal(t, j.VideoID)
	require.NotNil(t, final.Failed)
	assert.Equal(t, "transcoding did not finish (attempts: 1)", final.Failed.GetReason())
	assert.Empty(t, startsOf(b.reports.Of(j.VideoID)), "not attempted again")
	b.waitQueueEmpty(t)
	assert.Len(t, b.deadLetters(t), 1)
}

// Stopping a worker hands its running job back at once; another worker
// completes it, and the video is completed once. About 8 s.
func TestStoppedWorkerHandsJobBack(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ws := defaults()
	first := b.start(t, ws)
	j := b.uploadJob(t, clipLong)
	b.enqueue(t, j)
	b.reports.Wait(t, j.VideoID, func(r transcodetest.Report) bool { return r.Progress != nil && r.Progress.GetProgress() > 0 })
	require.NoError(t, first.Stop(context.Background()))

	ws.config.AckWait = time.Hour // the job comes back by Nak, not by timeout
	b.start(t, ws)
	final := b.reports.WaitFinal(t, j.VideoID)
	require.NotNil(t, final.Completed, "failed: %v", final.Failed)
	assert.Len(t, startsOf(b.reports.Of(j.VideoID)), 2, "two attempts")
	b.waitQueueEmpty(t)
	assert.Equal(t, uint64(1), b.streamMessages(t, natsx.StreamNameMedia, natsx.SubjectTranscodeCompleted))
	hls := transcodetest.Probe(t, b.mediaURL(j, "stream/master.m3u8"))
	assert.InDelta(t, 10.0, hls.Seconds(), 0.2)
}
