package worker_test

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/services/transcode/internal/job"
	"github.com/vidhost/vidhost/services/transcode/internal/mediatest"
	"github.com/vidhost/vidhost/services/transcode/internal/transcodetest"
)

// hangingFFmpeg is an ffmpeg that never finishes, as one stuck on a
// pathological source would; it marks that it started (the file
// "<ffmpeg>.hung").
func hangingFFmpeg(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "ffmpeg")
	require.NoError(t, os.WriteFile(path, []byte("#!/bin/sh\ntouch \"$0.hung\"\nexec sleep 600\n"), 0o755))
	return path
}

// A job that runs out of its time fails for good with a clear reason: one
// attempt, no retries, no dead letter. About 3 s.
func TestJobTimeoutFailsTheJob(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ws := defaults()
	ws.media.FFmpeg = hangingFFmpeg(t)
	ws.timeouts = job.Timeouts{Max: 2 * time.Second}
	b.start(t, ws)
	j := b.uploadJob(t, clipSmall)
	b.enqueue(t, j)

	final := b.reports.WaitFinal(t, j.VideoID)
	require.NotNil(t, final.Failed, "the job must fail")
	assert.Equal(t, "transcoding took longer than the limit of 2s per job", final.Failed.GetReason())
	b.waitQueueEmpty(t)
	assert.Len(t, startsOf(b.reports.Of(j.VideoID)), 1, "a timeout is not retried")
	assert.Equal(t, uint64(0), b.streamMessages(t, natsx.StreamNameDeadLetter, natsx.DeadLetterSubject(natsx.SubjectTranscodeJobs)))
}

// Once the source is known, the timeout shrinks to its length: a 2 s clip
// that hangs ffmpeg is stopped after 2 s (1 s per second), not after the
// minute a long source would get. About 3 s.
func TestJobTimeoutShrinksToTheSource(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ws := defaults()
	ws.media.FFmpeg = hangingFFmpeg(t)
	ws.timeouts = job.Timeouts{Max: time.Minute, PerSecond: time.Second, Min: time.Second}
	b.start(t, ws)
	j := b.uploadJob(t, clipSmall)
	b.enqueue(t, j)

	final := b.reports.WaitFinal(t, j.VideoID)
	require.NotNil(t, final.Failed, "the job must fail")
	assert.Equal(t, "transcoding took longer than the limit of 2s per job", final.Failed.GetReason())
}

// Sources beyond the default limits are refused before any encoding, with
// the limit in the reason. The clips are tiny: a limit is about the shape
// of a source, not its size. About 3 s.
func TestSourcesBeyondDefaultLimitsAreRefused(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.start(t, defaults())
	tests := []struct {
		name   string
		spec   mediatest.ClipSpec
		reason string
	}{
		{"120 fps", mediatest.ClipSpec{Width: 160, Height: 90, Seconds: 0.5, FPS: 120}, "frame rate 120 fps exceeds 60 fps"},
		{"wider than 4K", mediatest.ClipSpec{Width: 4160, Height: 64, Seconds: 0.2, FPS: 5}, "frame 4160x64 exceeds 4096x4096"},
	}
	jobs := make([]job.Job, len(tests))
	for i, tt := range tests {
		jobs[i] = b.uploadJob(t, tt.spec)
		b.enqueue(t, jobs[i])
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			final := b.reports.WaitFinal(t, jobs[i].VideoID)
			require.NotNil(t, final.Failed, "the job must fail")
			assert.Equal(t, tt.reason, final.Failed.GetReason())
			assert.Len(t, startsOf(b.reports.Of(jobs[i].VideoID)), 1, "a source error is not retried")
		})
	}
}

// A URL source is downloaded at most up to the bytes its account's upload
// quota left for it (the job's SourceMaxBytes); beyond, the job fails for
// good. About 2 s.
func TestURLSourceIsBoundedByItsQuota(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.start(t, defaults())
	clip := mediatest.Clip(t, clipSmall)
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.ServeFile(w, r, clip)
	}))
	t.Cleanup(server.Close)
	info, err := os.Stat(clip)
	require.NoError(t, err)

	over := transcodetest.NewJob()
	over.SourceURL, over.SourceMaxBytes = server.URL+"/clip.mp4", info.Size()-1
	fits := transcodetest.NewJob()
	fits.SourceURL, fits.SourceMaxBytes = server.URL+"/clip.mp4", info.Size()
	b.enqueue(t, over)
	b.enqueue(t, fits)

	final := b.reports.WaitFinal(t, over.VideoID)
	require.NotNil(t, final.Failed, "the job must fail")
	assert.Equal(t, "source is larger than the size limit", final.Failed.GetReason())
	assert.Len(t, startsOf(b.reports.Of(over.VideoID)), 1, "not retried")
	assert.NotNil(t, b.reports.WaitFinal(t, fits.VideoID).Completed, "a source within its quota is transcoded")
}
