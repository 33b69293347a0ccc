package worker_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/natstest"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/services/transcode/internal/chunkstate"
	"github.com/vidhost/vidhost/services/transcode/internal/events"
	"github.com/vidhost/vidhost/services/transcode/internal/job"
	"github.com/vidhost/vidhost/services/transcode/internal/media"
	"github.com/vidhost/vidhost/services/transcode/internal/mediatest"
	"github.com/vidhost/vidhost/services/transcode/internal/transcodetest"
)

// distributedChunks split an output over 20 s in 10 s chunks, as
// TestChunkedLadderMatchesOneProcess does in one process.
var distributedChunks = media.ChunkConfig{Threshold: 20 * time.Second, Length: 10 * time.Second, Parallel: 1}

// sceneCutAt is where the distributed tests' sources change scene: a
// chunk edge.
const sceneCutAt = 20.0

// VIDHOST_TRANSCODE_CHUNKED=distributed: three workers on one JOBS stream
// transcode 45 s of 360p at 29.97 fps, with a scene change at 20 s (a chunk
// edge), in five 10 s chunks and an audio run per bitrate; the video plays
// early (EVENT playlists once the audio and the first chunk are in), and the stitch
// reports it once, with every rung's segments continuous across the edges,
// the audio without a gap, VOD playlists, the MP4 one file, and nothing
// left of the plan. 10-20 s on two shared cores.
func TestDistributedChunksBecomeReady(t *testing.T) {
	if testing.Short() {
		t.Skip("encodes 45 s of video in chunks on three workers")
	}
	t.Parallel()
	b := setup(t)
	var ffmpegs []string
	for range 3 {
		ws := distributedSetup()
		// The two audio runs and the first chunk, then a unit as one
		// completes: the plan cannot be complete when the three are done,
		// so the early playlists are written, whichever of them ends first.
		ws.config.ChunkWindow = 3
		ws.media.FFmpeg = countingFFmpeg(t)
		ffmpegs = append(ffmpegs, ws.media.FFmpeg)
		b.start(t, ws)
	}
	source := mediatest.SceneCut(t, 640, 360, 45, sceneCutAt)
	j := transcodetest.NewJob()
	transcodetest.Upload(t, b.store, &j, source)
	b.enqueue(t, j)

	assertDistributedReady(t, b, j, transcodetest.Probe(t, source).Seconds())
	assert.True(t, playedEarly(b.reports.Of(j.VideoID)), "a unit's progress carried the HLS output before the video was ready")
	runs, workers, audioRuns := 0, 0, 0
	for _, ffmpeg := range ffmpegs {
		if n := ffmpegRuns(t, ffmpeg, "-copyts"); n > 0 {
			runs += n
			workers++
		}
		audioRuns += ffmpegRuns(t, ffmpeg, audioRunMarker)
	}
	assert.Equal(t, 5, runs, "one run per chunk: 0-10, 10-20, 20-30, 30-40, 40-45 s")
	assert.Equal(t, audioRepresentations(t, b, j), audioRuns, "one audio run per bitrate, each once")
	assert.GreaterOrEqual(t, workers, 2, "the chunks ran on more than one worker")

	// The stitch once more, past JetStream's deduplication, as after a
	// worker died between finishing the plan and acknowledging: the video
	// is not reported again, and nothing is stored or left.
	stored := storedKeys(t, b, j)
	republishStitch(t, b, j)
	require.Eventually(t, func() bool { return b.queueEmpty(t) }, transcodetest.WaitTimeout, 50*time.Millisecond, "the stitch left")
	assertOneCompleted(t, b, j)
	assert.Equal(t, stored, storedKeys(t, b, j))
	assertPlanDeleted(t, b)
}

// audioRepresentations counts the audio representations of j's stored
// DASH manifest: its audio bitrates.
func audioRepresentations(t *testing.T, b *bundle, j job.Job) int {
	t.Helper()
	body, _, err := b.store.Open(context.Background(), j.MediaFolder()+media.DASHManifest)
	require.NoError(t, err)
	defer body.Close()
	manifest, err := io.ReadAll(body)
	require.NoError(t, err)
	n := strings.Count(string(manifest), `mimeType="audio/mp4"`)
	require.Positive(t, n)
	return n
}

// republishStitch publishes j's plan's stitch unit again under a fresh
// message id.
func republishStitch(t *testing.T, b *bundle, j job.Job) {
	t.Helper()
	ctx := context.Background()
	plans, err := chunkstate.New(ctx, b.worker)
	require.NoError(t, err)
	planID := events.PlanID(j, 1)
	r, err := plans.Get(ctx, planID)
	require.NoError(t, err)
	require.True(t, r.Finished)
	stitch := job.Unit{ID: events.UnitID(j.ID, planID, job.KeyStitch), Job: j, PlanID: planID, Kind: job.UnitStitch,
		Chunks: r.Chunks(), MediaPlan: r.MediaPlan, MediaPlanVersion: r.MediaPlanVersion}
	data, err := events.EncodeUnit(stitch)
	require.NoError(t, err)
	_, err = b.worker.Publish(ctx, natsx.SubjectTranscodeUnits, data)
	require.NoError(t, err)
}

// assertOneCompleted: j's video was reported ready exactly once.
func assertOneCompleted(t *testing.T, b *bundle, j job.Job) {
	t.Helper()
	completed := 0
	for _, r := range b.reports.Of(j.VideoID) {
		if r.Completed != nil {
			completed++
		}
	}
	assert.Equal(t, 1, completed, "one transcode.completed, whichever workers stitched")
}

// A worker dies in the middle of a chunk (its connection gone: no
// heartbeat, no ack): the chunk goes to another worker after the ack wait,
// and the video is still reported ready once, every segment stored once,
// none that no playlist names. 30 s of 360p in three chunks; 30-70 s on
// two shared cores.
func TestDistributedChunkOfADeadWorkerIsRedelivered(t *testing.T) {
	if testing.Short() {
		t.Skip("encodes 30 s of video in chunks on three workers")
	}
	t.Parallel()
	b := setup(t)
	doomed := distributedSetup()
	doomed.media.FFmpeg = chunkHangingFFmpeg(t)
	doomedJS := natstest.JetStreamAs(t, b.natsURL, natsx.ServiceTranscode)
	b.startOn(t, doomedJS, doomed)
	source := mediatest.SceneCut(t, 640, 360, 30, sceneCutAt)
	j := transcodetest.NewJob()
	transcodetest.Upload(t, b.store, &j, source)
	b.enqueue(t, j)

	// Alone, it plans the job, runs the audio (the first units released)
	// and takes a chunk, where it hangs.
	require.Eventually(t, func() bool {
		_, err := os.Stat(doomed.media.FFmpeg + ".hung")
		return err == nil
	}, transcodetest.WaitTimeout, 50*time.Millisecond, "the doomed worker never started a chunk")
	doomedJS.Conn().Close()
	live := distributedSetup()
	live.media.FFmpeg = countingFFmpeg(t)
	b.start(t, live)
	b.start(t, live)

	assertDistributedReady(t, b, j, transcodetest.Probe(t, source).Seconds())
	assert.Equal(t, 3, ffmpegRuns(t, live.media.FFmpeg, "-copyts"), "each chunk once on the live workers, the dead one's again")
}

// distributedSetup is a worker of the distributed tests: one unit at a
// time, so three workers are three slots.
func distributedSetup() workerSetup {
	ws := defaults()
	ws.config.Concurrency = 1
	ws.distributed = true
	ws.media.Chunks = distributedChunks
	return ws
}

// assertDistributedReady waits for j's final report and checks what a
// chunked job's outputs must be, whichever workers made them.
func assertDistributedReady(t *testing.T, b *bundle, j job.Job, length float64) {
	t.Helper()
	final := b.reports.WaitFinal(t, j.VideoID)
	require.NotNil(t, final.Completed, "failed: %v", final.Failed)
	assert.InDelta(t, length, final.Completed.GetDuration(), 0.1)
	assertUnitProgress(t, b.reports.Of(j.VideoID))
	require.Eventually(t, func() bool { return b.queueEmpty(t) }, transcodetest.WaitTimeout, 50*time.Millisecond, "jobs or units left")
	assertOneCompleted(t, b, j)
	assertPlanDeleted(t, b)

	dir := download(t, b, j)
	playlists, err := filepath.Glob(filepath.Join(dir, media.StreamDir, "playlist_*.m3u8"))
	require.NoError(t, err)
	for _, playlist := range playlists {
		data, err := os.ReadFile(playlist) //nolint:gosec // the test's own directory
		require.NoError(t, err)
		assert.Contains(t, string(data), "#EXT-X-ENDLIST", "%s: VOD, no early EVENT playlist over it", filepath.Base(playlist))
	}
	stored := storedKeys(t, b, j)
	var segments []string
	for _, key := range stored {
		if strings.HasPrefix(key, "stream/init-") || strings.HasPrefix(key, "stream/seg-") {
			segments = append(segments, key)
		}
		assert.False(t, strings.HasPrefix(key, media.ChunksDir+"/"), "a chunk's record with the outputs: %s", key)
	}
	assert.Equal(t, playlistSegments(t, dir), segments, "every stored segment once, each one a playlist names")
	for _, rel := range []string{media.ThumbnailFile, media.SpriteFile, media.SpriteIndexFile, media.DASHManifest, media.MasterPlaylist} {
		assert.Contains(t, stored, rel)
	}
	manifest, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(media.DASHManifest)))
	require.NoError(t, err)
	representations := strings.Count(string(manifest), "<Representation ")
	assert.Equal(t, representations, strings.Count(string(manifest), `<S t="`), "one t per timeline: each continuous")

	kinds := map[string]int{}
	for i := range representations {
		id := strconv.Itoa(i)
		track := joinedTrack(t, dir, id)
		stream := "v:0"
		if transcodetest.Probe(t, track).Count("video") == 0 {
			stream = "a:0" // the audio's representations follow the renditions'
		}
		kinds[stream]++
		end := assertContinuous(t, track, stream, "representation "+id)
		assert.InDelta(t, length, end, 0.1, "representation %s", id)
	}
	assert.GreaterOrEqual(t, kinds["v:0"], 2, "a ladder of renditions")
	assert.GreaterOrEqual(t, kinds["a:0"], 1, "the audio runs'")

	mp4 := transcodetest.Probe(t, b.mediaURL(j, final.Completed.GetOutputs()[2].GetPath()))
	assert.InDelta(t, length, mp4.Seconds(), 0.1, "the MP4")
	assert.Equal(t, 1, mp4.Count("video"))
	assert.Equal(t, 1, mp4.Count("audio"))
}

// assertUnitProgress checks a distributed job's reports: 0% from the
// planner, then each unit's share of the plan done. Units on different
// workers may report out of order (the catalog keeps the highest), so only
// the record's share, not the order of arrival, is monotonic.
func assertUnitProgress(t *testing.T, reports []transcodetest.Report) {
	t.Helper()
	require.NotEmpty(t, reports)
	require.NotNil(t, reports[0].Progress, "the first report is progress")
	assert.Zero(t, reports[0].Progress.GetProgress(), "a worker picked the job: processing at 0%")
	highest := int32(0)
	for _, r := range reports[:len(reports)-1] {
		require.NotNil(t, r.Progress, "only the last report is final")
		assert.Less(t, r.Progress.GetProgress(), int32(100))
		highest = max(highest, r.Progress.GetProgress())
	}
	assert.GreaterOrEqual(t, highest, int32(90), "the units' completions report the share done, up to 99%")
	assert.True(t, reports[len(reports)-1].Final())
}

// playedEarly reports whether a progress report carried the HLS output.
func playedEarly(reports []transcodetest.Report) bool {
	for _, r := range reports {
		if r.Progress != nil {
			if outputs := outputPairs(r.Progress.GetOutputs()); len(outputs) > 0 {
				return true
			}
		}
	}
	return false
}

// queueEmpty: every job and unit acknowledged or terminated.
func (b *bundle) queueEmpty(t *testing.T) bool {
	return b.jobsLeft(t) == 0 && b.streamMessages(t, natsx.StreamNameJobs, natsx.SubjectTranscodeUnits) == 0
}

// assertPlanDeleted: the stitch deleted the plan's private folder, so no
// record of any plan is left.
func assertPlanDeleted(t *testing.T, b *bundle) {
	t.Helper()
	assert.Eventually(t, func() bool {
		for info, err := range b.store.List(context.Background(), blob.TranscodeFolder) {
			require.NoError(t, err)
			t.Log("left:", info.Key)
			return false
		}
		return true
	}, 10*time.Second, 50*time.Millisecond, fmt.Sprintf("the plan's records are deleted (%s)", blob.TranscodeFolder))
}

// A plan that keeps its output in one chunk runs as a job always has: no
// unit, no chunk run. About 5 s.
func TestDistributedShortJobRunsInOneWorker(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ws := distributedSetup()
	ws.media.FFmpeg = countingFFmpeg(t)
	b.start(t, ws)
	j := b.uploadJob(t, clipLong)
	b.enqueue(t, j)

	final := b.reports.WaitFinal(t, j.VideoID)
	require.NotNil(t, final.Completed, "failed: %v", final.Failed)
	assert.InDelta(t, 10.0, final.Completed.GetDuration(), 0.1)
	assertProgress(t, b.reports.Of(j.VideoID))
	b.waitQueueEmpty(t)
	assert.Zero(t, b.streamMessages(t, natsx.StreamNameJobs, natsx.SubjectTranscodeUnits), "no unit published")
	assert.Zero(t, ffmpegRuns(t, ws.media.FFmpeg, "-copyts"), "no chunk run")
}

// A URL source is fetched once, by the parent, which stores a copy of it
// in the plan's private folder for the units: they never download from
// the customer's origin, and the copy goes with the plan. About 5 s.
func TestDistributedURLSourceIsReadFromThePlansCopy(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ws := distributedSetup()
	ws.fetch.AllowPrivate = true
	ws.media.FFmpeg = countingFFmpeg(t)
	ws.media.Chunks = media.ChunkConfig{Threshold: 4 * time.Second, Length: 4 * time.Second, Parallel: 1}
	b.start(t, ws)
	b.start(t, ws)
	source := mediatest.Clip(t, clipLong)
	var downloads atomic.Int32
	origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		downloads.Add(1)
		http.ServeFile(w, r, source)
	}))
	t.Cleanup(origin.Close)
	j := transcodetest.NewJob()
	j.SourceURL = origin.URL + "/films/long.mp4"
	b.enqueue(t, j)

	final := b.reports.WaitFinal(t, j.VideoID)
	require.NotNil(t, final.Completed, "failed: %v", final.Failed)
	assert.InDelta(t, 10.0, final.Completed.GetDuration(), 0.1)
	b.waitQueueEmpty(t)
	assert.NotZero(t, b.streamMessages(t, natsx.StreamNameJobs, natsx.SubjectTranscodeUnits), "units published")
	assert.NotZero(t, ffmpegRuns(t, ws.media.FFmpeg, "-copyts"), "chunk runs")
	assert.Equal(t, int32(1), downloads.Load(), "the origin is asked once, by the parent")
	assertPlanDeleted(t, b) // the copy too
}
