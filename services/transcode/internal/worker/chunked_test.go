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

	"github.com/vidhost/vidhost/services/transcode/internal/media"
	"github.com/vidhost/vidhost/services/transcode/internal/transcodetest"
)

// VIDHOST_TRANSCODE_CHUNKED=local: a 10 s upload in 4 s chunks (three runs
// and an audio run per bitrate, stitched) reports like a one-process job, and the
// chunks' private records stay out of the store. About 10 s on two cores.
func TestChunkedInOneWorkerBecomesReady(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ws := defaults()
	ws.chunked = true
	ws.media.Chunks = media.ChunkConfig{Threshold: 4 * time.Second, Length: 4 * time.Second, Parallel: 1}
	ws.media.FFmpeg = countingFFmpeg(t)
	b.start(t, ws)
	j := b.uploadJob(t, clipLong)
	b.enqueue(t, j)

	final := b.reports.WaitFinal(t, j.VideoID)
	require.NotNil(t, final.Completed, "failed: %v", final.Failed)
	assert.InDelta(t, 10.0, final.Completed.GetDuration(), 0.1)
	assertProgress(t, b.reports.Of(j.VideoID))
	hls := transcodetest.Probe(t, b.mediaURL(j, media.MasterPlaylist))
	assert.InDelta(t, 10.0, hls.Seconds(), 0.2)
	assert.GreaterOrEqual(t, hls.Count("audio"), 1)
	for info, err := range b.store.List(context.Background(), j.MediaFolder()+"chunks/") {
		require.NoError(t, err)
		assert.Fail(t, "a chunk's record was stored with the video's outputs", info.Key)
	}
	b.waitQueueEmpty(t)
	assert.Equal(t, 3, ffmpegRuns(t, ws.media.FFmpeg, "-copyts"), "one run per chunk: 0-4 s, 4-8 s, 8-10 s")
	assert.Equal(t, audioRepresentations(t, b, j), ffmpegRuns(t, ws.media.FFmpeg, audioRunMarker), "one audio run per bitrate")
}

// countingFFmpeg is an ffmpeg that logs each command line beside itself
// before it runs the real one, so a test can tell how the job was encoded.
func countingFFmpeg(t *testing.T) string {
	t.Helper()
	real, err := exec.LookPath("ffmpeg")
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "ffmpeg")
	script := "#!/bin/sh\necho \"$*\" >> \"$0.log\"\nexec " + real + " \"$@\"\n"
	require.NoError(t, os.WriteFile(path, []byte(script), 0o700)) //nolint:gosec // a test's executable
	return path
}

// ffmpegRuns counts the logged runs whose arguments contain marker.
func ffmpegRuns(t *testing.T, ffmpeg, marker string) int {
	t.Helper()
	data, err := os.ReadFile(ffmpeg + ".log")
	require.NoError(t, err)
	n := 0
	for _, line := range strings.Split(string(data), "\n") {
		if strings.Contains(line, marker) {
			n++
		}
	}
	return n
}
