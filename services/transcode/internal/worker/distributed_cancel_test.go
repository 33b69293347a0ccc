package worker_test

import (
	"context"
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
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/services/transcode/internal/chunkstate"
	"github.com/vidhost/vidhost/services/transcode/internal/events"
	"github.com/vidhost/vidhost/services/transcode/internal/job"
	"github.com/vidhost/vidhost/services/transcode/internal/mediatest"
	"github.com/vidhost/vidhost/services/transcode/internal/transcodetest"
)

// A distributed job whose video is deleted mid-way (the catalog's cancel
// on transcode.cancels.<job id> while a chunk runs, or the plan's record
// cancelled by another worker): every unit stops within a heartbeat or
// two, the video is reported failed once (which frees its slot in the
// catalog), the plan's private folder and the video's media folder are
// deleted and stay empty. The chunks' ffmpeg never ends on its own, so
// only the cancel stops them; only the planning and the audio encode,
// twice. About 8 s.
func TestDistributedJobOfADeletedVideoStops(t *testing.T) {
	if testing.Short() {
		t.Skip("plans and encodes the audio of 30 s of video")
	}
	t.Parallel()
	t.Run("the catalog's cancel", func(t *testing.T) { assertDeletedVideoStops(t, (*bundle).cancel) })
	// A unit whose own look-up missed the cancel stops on the record that
	// another unit cancelled.
	t.Run("the cancelled record", func(t *testing.T) {
		assertDeletedVideoStops(t, func(b *bundle, t *testing.T, j job.Job) {
			plans, err := chunkstate.New(context.Background(), b.js)
			require.NoError(t, err)
			first, err := plans.Cancel(context.Background(), events.PlanID(j, 1), "cancelled: the video was deleted")
			require.NoError(t, err)
			require.True(t, first)
		})
	})
}

// assertDeletedVideoStops runs a distributed job on two workers whose
// chunks hang, stops it with stop once a chunk runs, and checks the units'
// ends.
func assertDeletedVideoStops(t *testing.T, stop func(*bundle, *testing.T, job.Job)) {
	t.Helper()
	b := setup(t)
	ws := distributedSetup()
	ws.media.FFmpeg = chunkHangingFFmpeg(t)
	b.start(t, ws)
	b.start(t, ws)
	j := transcodetest.NewJob()
	transcodetest.Upload(t, b.store, &j, mediatest.SceneCut(t, 640, 360, 30, sceneCutAt))
	b.enqueue(t, j)
	require.Eventually(t, func() bool {
		_, err := os.Stat(ws.media.FFmpeg + ".hung")
		return err == nil
	}, transcodetest.WaitTimeout, 20*time.Millisecond, "no chunk started")
	require.NotEmpty(t, b.keysUnder(t, j.MediaFolder()), "the parent stored the poster")

	stop(b, t, j)
	heartbeat := ws.config.Heartbeat
	require.Eventually(t, func() bool { return b.queueEmpty(t) }, 3*heartbeat, 20*time.Millisecond,
		"every unit stops within a heartbeat or two")
	assert.Empty(t, b.keysUnder(t, blob.TranscodeFolder), "the plan's private folder is deleted")
	assert.Empty(t, b.keysUnder(t, j.MediaFolder()), "the video's files are deleted")

	time.Sleep(2 * heartbeat)
	assert.Empty(t, b.keysUnder(t, blob.TranscodeFolder), "nothing written after the units stopped")
	assert.Empty(t, b.keysUnder(t, j.MediaFolder()), "nothing written after the units stopped")
	// One report, which frees the job's slot in the catalog.
	var failed []string
	for _, r := range b.reports.Of(j.VideoID) {
		assert.Nil(t, r.Completed, "a deleted video is never ready")
		if r.Failed != nil {
			failed = append(failed, r.Failed.GetReason())
		}
	}
	assert.Equal(t, []string{"cancelled: the video was deleted"}, failed, "one transcode.failed, whichever units stopped")
	assert.Zero(t, b.streamMessages(t, natsx.StreamNameDeadLetter, natsx.DeadLetterSubject(natsx.SubjectTranscodeUnits)),
		"a cancelled unit is no poison")
}

// cancel publishes the catalog's cancel of j, as its outbox does when j's
// video is deleted.
func (b *bundle) cancel(t *testing.T, j job.Job) {
	t.Helper()
	data, err := protojson.Marshal(&eventsv1.TranscodeCancel{
		Meta:  &eventsv1.EventMeta{Id: ids.New(), AccountId: j.AccountID, OccurredTime: time.Now().UTC().Format(time.RFC3339Nano)},
		JobId: j.ID, VideoId: j.VideoID,
	})
	require.NoError(t, err)
	_, err = b.catalog.Publish(context.Background(), natsx.TranscodeCancelSubject(j.ID), data, jetstream.WithMsgID(ids.New()))
	require.NoError(t, err)
}

// keysUnder lists the store's keys under prefix.
func (b *bundle) keysUnder(t *testing.T, prefix string) []string {
	t.Helper()
	var keys []string
	for info, err := range b.store.List(context.Background(), prefix) {
		require.NoError(t, err)
		keys = append(keys, info.Key)
	}
	return keys
}

// A one-process job whose video is deleted while ffmpeg runs stops at the
// next heartbeat as a unit does: its ffmpeg (which never ends on its own)
// is stopped, the video's media folder is emptied, and the job is reported
// failed with the cancel's reason, once. No encode runs; about 3 s.
func TestJobOfADeletedVideoStops(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ws := defaults()
	ws.media.FFmpeg = hangingFFmpeg(t)
	b.start(t, ws)
	j := b.uploadJob(t, clipSmall)
	b.enqueue(t, j)
	require.Eventually(t, func() bool {
		_, err := os.Stat(ws.media.FFmpeg + ".hung")
		return err == nil
	}, transcodetest.WaitTimeout, 20*time.Millisecond, "ffmpeg never started")

	b.cancel(t, j)
	final := b.reports.WaitFinal(t, j.VideoID)
	require.NotNil(t, final.Failed, "completed: %v", final.Completed)
	assert.Equal(t, "cancelled: the video was deleted", final.Failed.GetReason())
	require.Eventually(t, func() bool { return b.queueEmpty(t) }, 3*ws.config.Heartbeat, 20*time.Millisecond,
		"the job stops within a heartbeat or two")
	assert.Empty(t, b.keysUnder(t, j.MediaFolder()))
	assert.Empty(t, b.deadLetters(t), "a cancelled job is no poison")
}
