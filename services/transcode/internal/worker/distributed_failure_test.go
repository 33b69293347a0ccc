package worker_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/services/transcode/internal/chunkstate"
	"github.com/vidhost/vidhost/services/transcode/internal/events"
	"github.com/vidhost/vidhost/services/transcode/internal/job"
	"github.com/vidhost/vidhost/services/transcode/internal/mediatest"
	"github.com/vidhost/vidhost/services/transcode/internal/transcodetest"
)

// A chunk that fails on every attempt fails its video, once: one
// transcode.failed under the job's id however many units give up, the
// unit dead-lettered, nothing of the plan left in the queue or in its
// private folder. Only the planning and the audio run encode; about 10 s.
func TestDistributedChunkFailureFailsTheVideo(t *testing.T) {
	if testing.Short() {
		t.Skip("plans and encodes the audio of 30 s of video")
	}
	t.Parallel()
	b := setup(t)
	ws := distributedSetup()
	ws.media.FFmpeg = failingFFmpeg(t, "-copyts")
	b.start(t, ws)
	b.start(t, ws)
	j := transcodetest.NewJob()
	transcodetest.Upload(t, b.store, &j, mediatest.SceneCut(t, 640, 360, 30, sceneCutAt))
	// A record the plan's units stored before the failure, as a chunk
	// done before another fails leaves one.
	stored := j.PlanFolder(events.PlanID(j, 1)) + "chunks/0/stream/dash-h264.mpd"
	require.NoError(t, b.store.Put(t.Context(), stored, strings.NewReader("<MPD/>"), 6, ""))
	b.enqueue(t, j)

	assertFailedOnce(t, b, j, "transcoding failed: the encoder stopped with an error")
	assert.Empty(t, b.keysUnder(t, blob.TranscodeFolder), "the failed plan's private folder is deleted, with the record stored before")
}

// assertFailedOnce waits for j's video to fail with reason, once (one
// transcode.failed under the job's id however many units gave up, none
// completed), with nothing left queued and the unit that failed
// dead-lettered.
func assertFailedOnce(t *testing.T, b *bundle, j job.Job, reason string) {
	t.Helper()
	final := b.reports.WaitFinal(t, j.VideoID)
	require.NotNil(t, final.Failed, "completed: %v", final.Completed)
	assert.Equal(t, reason, final.Failed.GetReason(), "the failed unit's own reason")
	require.Eventually(t, func() bool { return b.queueEmpty(t) }, transcodetest.WaitTimeout, 50*time.Millisecond, "jobs or units left")
	failed := 0
	for _, r := range b.reports.Of(j.VideoID) {
		assert.Nil(t, r.Completed)
		if r.Failed != nil {
			failed++
		}
	}
	assert.Equal(t, 1, failed, "one transcode.failed, whichever units gave up")
	assert.NotZero(t, b.streamMessages(t, natsx.StreamNameDeadLetter, natsx.DeadLetterSubject(natsx.SubjectTranscodeUnits)),
		"the unit that failed is dead-lettered")
}

// An audio run that fails on every attempt fails its video as a chunk
// does: one transcode.failed with the run's reason, the unit
// dead-lettered, nothing left queued. The window holds the two audio runs
// alone, so nothing else encodes; about 5 s.
func TestDistributedAudioFailureFailsTheVideo(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ws := distributedSetup()
	ws.config.ChunkWindow = 2
	ws.media.FFmpeg = failingFFmpeg(t, audioRunMarker)
	b.start(t, ws)
	b.start(t, ws)
	j := transcodetest.NewJob()
	transcodetest.Upload(t, b.store, &j, mediatest.SceneCut(t, 640, 360, 30, sceneCutAt))
	b.enqueue(t, j)

	assertFailedOnce(t, b, j, "transcoding failed: the encoder stopped with an error")
	assert.Zero(t, ffmpegRuns(t, ws.media.FFmpeg, "-copyts"), "no chunk was released")
}

// audioRunMarker is on an audio run's command line alone: its DASH
// output's one adaptation set of audio (the one-process ladder's starts
// with the video's).
const audioRunMarker = "adaptation_sets=id=0,streams=a"

// failingFFmpeg is an ffmpeg whose runs with marker on their command line
// all fail; it logs each command line, as countingFFmpeg does.
func failingFFmpeg(t *testing.T, marker string) string {
	t.Helper()
	real, err := exec.LookPath("ffmpeg")
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "ffmpeg")
	script := "#!/bin/sh\necho \"$*\" >> \"$0.log\"\ncase \"$*\" in *" + marker + "*) echo 'run refused' >&2; exit 1;; esac\nexec " + real + " \"$@\"\n"
	require.NoError(t, os.WriteFile(path, []byte(script), 0o700)) //nolint:gosec // a test's executable
	return path
}

// A unit of a plan of another version (here an audio unit of version 1,
// which encoded every bitrate, from a worker of before the split, in a
// rolling deploy) is handed back before anything runs, for a worker of its
// version; when none takes it, it fails its video after MAX_DELIVER
// attempts like any unit, under the key its plan's record has. About 1 s.
func TestUnitOfAnotherPlanVersionIsHandedBack(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ws := distributedSetup()
	ws.media.FFmpeg = countingFFmpeg(t)
	b.start(t, ws)
	j := b.uploadJob(t, clipLong)
	ctx := context.Background()
	plans, err := chunkstate.New(ctx, b.worker)
	require.NoError(t, err)
	planID := events.PlanID(j, 1)
	_, _, err = plans.Open(ctx, chunkstate.Plan{ID: planID, JobID: j.ID, Window: 1, MediaPlan: []byte(`{"version":1}`), MediaPlanVersion: 1,
		Units: []chunkstate.Unit{{Key: "audio", Weight: 1}}})
	require.NoError(t, err)
	old := job.Unit{Job: j, PlanID: planID, Kind: job.UnitAudio, Chunks: 1, MediaPlan: []byte(`{"version":1}`), MediaPlanVersion: 1}
	require.Equal(t, "audio", old.Key(), "the key its record has")
	old.ID = events.UnitID(j.ID, planID, old.Key())
	require.NoError(t, events.PublishUnit(ctx, b.worker, old))

	final := b.reports.WaitFinal(t, j.VideoID)
	require.NotNil(t, final.Failed, "completed: %v", final.Completed)
	assert.Equal(t, "transcoding did not finish (attempts: 3)", final.Failed.GetReason())
	require.Eventually(t, func() bool { return b.queueEmpty(t) }, transcodetest.WaitTimeout, 50*time.Millisecond, "the unit left")
	r, err := plans.Get(ctx, planID)
	require.NoError(t, err)
	assert.Equal(t, final.Failed.GetReason(), r.Stopped, "the failure is its plan's")
	assert.NoFileExists(t, ws.media.FFmpeg+".log", "nothing ran")
}
