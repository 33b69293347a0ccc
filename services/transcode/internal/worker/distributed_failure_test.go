package worker_test

import (
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
	"github.com/vidhost/vidhost/services/transcode/internal/events"
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
	ws.media.FFmpeg = chunkFailingFFmpeg(t)
	b.start(t, ws)
	b.start(t, ws)
	j := transcodetest.NewJob()
	transcodetest.Upload(t, b.store, &j, mediatest.SceneCut(t, 640, 360, 30, sceneCutAt))
	// A record the plan's units stored before the failure, as a chunk
	// done before another fails leaves one.
	stored := j.PlanFolder(events.PlanID(j, 1)) + "chunks/0/stream/dash-h264.mpd"
	require.NoError(t, b.store.Put(t.Context(), stored, strings.NewReader("<MPD/>"), 6, ""))
	b.enqueue(t, j)

	final := b.reports.WaitFinal(t, j.VideoID)
	require.NotNil(t, final.Failed, "completed: %v", final.Completed)
	assert.Equal(t, "transcoding failed: the encoder stopped with an error", final.Failed.GetReason(), "the chunk's own failure")
	require.Eventually(t, func() bool { return b.queueEmpty(t) }, transcodetest.WaitTimeout, 50*time.Millisecond, "jobs or units left")
	failed := 0
	for _, r := range b.reports.Of(j.VideoID) {
		assert.Nil(t, r.Completed)
		if r.Failed != nil {
			failed++
		}
	}
	assert.Equal(t, 1, failed, "one transcode.failed, whichever units gave up")
	assert.Empty(t, b.keysUnder(t, blob.TranscodeFolder), "the failed plan's private folder is deleted, with the record stored before")
	assert.NotZero(t, b.streamMessages(t, natsx.StreamNameDeadLetter, natsx.DeadLetterSubject(natsx.SubjectTranscodeUnits)),
		"the unit that failed is dead-lettered")
}

// chunkFailingFFmpeg is an ffmpeg whose chunk runs all fail.
func chunkFailingFFmpeg(t *testing.T) string {
	t.Helper()
	real, err := exec.LookPath("ffmpeg")
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "ffmpeg")
	script := "#!/bin/sh\ncase \"$*\" in *-copyts*) echo 'chunk refused' >&2; exit 1;; esac\nexec " + real + " \"$@\"\n"
	require.NoError(t, os.WriteFile(path, []byte(script), 0o700)) //nolint:gosec // a test's executable
	return path
}
