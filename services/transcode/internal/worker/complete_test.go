package worker_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/blob/blobtest"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/services/transcode/internal/events"
	"github.com/vidhost/vidhost/services/transcode/internal/media"
	"github.com/vidhost/vidhost/services/transcode/internal/mediatest"
	"github.com/vidhost/vidhost/services/transcode/internal/transcodetest"
)

// A 4 s 720p upload: about 5 s on two cores.
func TestUploadedSourceBecomesReady(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.start(t, defaults())
	j := b.uploadJob(t, clip720p)
	b.enqueue(t, j)

	final := b.reports.WaitFinal(t, j.VideoID)
	require.NotNil(t, final.Completed, "failed: %v", final.Failed)
	done := final.Completed
	assert.Equal(t, events.DerivedID(j, "completed"), final.MsgID)
	assert.Equal(t, j.AccountID, done.GetMeta().GetAccountId())
	assert.InDelta(t, 4.0, done.GetDuration(), 0.1)
	assert.Equal(t, [2]int32{1280, 720}, [2]int32{done.GetWidth(), done.GetHeight()})
	assert.Equal(t, [2]int32{1280, 720}, [2]int32{done.GetSourceWidth(), done.GetSourceHeight()}, "the source as displayed")
	assert.Equal(t, "16:9", done.GetAspectRatio())
	assert.Equal(t, [][2]string{{"HLS", "stream/master.m3u8"}, {"DASH", "stream/manifest.mpd"}, {"MP4 720p", "mp4/720p.mp4"}},
		outputPairs(done.GetOutputs()))
	assert.Equal(t, []string{"thumbs/thumbnail.jpg", "thumbs/sprite.jpg", "thumbs/sprite.vtt"},
		[]string{done.GetThumbnailPath(), done.GetSpritePath(), done.GetSpriteIndexPath()})

	assertProgress(t, b.reports.Of(j.VideoID))
	assertPlayable(t, b, j.MediaFolder())
	b.waitQueueEmpty(t)
}

// assertProgress checks the reports of one job: progress starts at 0,
// never goes back, stays below 100, and carries the HLS output before the
// job completes.
func assertProgress(t *testing.T, reports []transcodetest.Report) {
	t.Helper()
	require.NotEmpty(t, reports)
	require.NotNil(t, reports[0].Progress, "the first report is progress")
	assert.Zero(t, reports[0].Progress.GetProgress(), "a worker picked the job: processing at 0%")
	last, early := int32(-1), false
	for _, r := range reports[:len(reports)-1] {
		require.NotNil(t, r.Progress, "only the last report is final")
		assert.GreaterOrEqual(t, r.Progress.GetProgress(), last, "progress never goes back")
		assert.Less(t, r.Progress.GetProgress(), int32(100))
		last = r.Progress.GetProgress()
		if outputs := outputPairs(r.Progress.GetOutputs()); len(outputs) > 0 {
			assert.Equal(t, [][2]string{{"HLS", media.MasterPlaylist}}, outputs)
			early = true
		}
	}
	assert.True(t, early, "a progress report carried the HLS output before the job completed")
	assert.True(t, reports[len(reports)-1].Final())
}

// assertPlayable reads the outputs back from the store over HTTP, as a
// player does.
func assertPlayable(t *testing.T, b *bundle, folder string) {
	t.Helper()
	hls := transcodetest.Probe(t, b.blobURL+"/"+folder+media.MasterPlaylist)
	assert.InDelta(t, 4.0, hls.Seconds(), 0.2)
	assert.GreaterOrEqual(t, hls.Count("video"), 2, "several renditions")
	assert.GreaterOrEqual(t, hls.Count("audio"), 1)
	mp4 := transcodetest.Probe(t, b.blobURL+"/"+folder+"mp4/720p.mp4")
	assert.Equal(t, 1, mp4.Count("video"))
	for _, file := range []string{media.DASHManifest, media.ThumbnailFile, media.SpriteFile, media.SpriteIndexFile} {
		info, err := b.store.Stat(context.Background(), folder+file)
		if assert.NoError(t, err, file) {
			assert.Positive(t, info.Size, file)
		}
	}
}

// The same on S3 storage (versitygw, which checks signatures): about 2 s.
func TestS3StorageBecomesReady(t *testing.T) {
	t.Parallel()
	b := setupWith(t, blobtest.StartVersityGW(t))
	b.start(t, defaults())
	j := b.uploadJob(t, clipSmall)
	b.enqueue(t, j)

	final := b.reports.WaitFinal(t, j.VideoID)
	require.NotNil(t, final.Completed, "failed: %v", final.Failed)
	hls := transcodetest.Probe(t, b.mediaURL(j, media.MasterPlaylist))
	assert.InDelta(t, 2.0, hls.Seconds(), 0.2)
	info, err := b.store.Stat(context.Background(), j.MediaFolder()+media.MasterPlaylist)
	require.NoError(t, err)
	assert.Equal(t, "application/vnd.apple.mpegurl", info.ContentType)
}

// A clip of a URL source: the outputs last as long as the clip.
func TestURLSourceClip(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.start(t, defaults())
	source := mediatest.Clip(t, clipLong)
	origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.ServeFile(w, r, source)
	}))
	t.Cleanup(origin.Close)
	j := transcodetest.NewJob()
	j.SourceURL = origin.URL + "/films/long.mp4"
	j.Clip = &media.Clip{Start: 3 * time.Second, End: 6 * time.Second}
	b.enqueue(t, j)

	final := b.reports.WaitFinal(t, j.VideoID)
	require.NotNil(t, final.Completed, "failed: %v", final.Failed)
	assert.InDelta(t, 3.0, final.Completed.GetDuration(), 0.05)
	hls := transcodetest.Probe(t, b.mediaURL(j, media.MasterPlaylist))
	assert.InDelta(t, 3.0, hls.Seconds(), 0.2)
	assert.Equal(t, uint64(0), b.streamMessages(t, natsx.StreamNameDeadLetter, natsx.DeadLetterSubject(natsx.SubjectTranscodeJobs)))
}
