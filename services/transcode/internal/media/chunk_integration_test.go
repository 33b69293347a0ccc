package media

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/services/transcode/internal/mediatest"
)

// The chunked test source: 45 s at 29.97 fps (frames off the keyframe
// grid) with a scene change at 20 s, a chunk edge. Chunks of 10 s make five
// runs, the last one 5 s long.
const (
	chunkedSeconds = 45.0
	sceneCutAt     = 20.0
)

var chunkedConfig = Config{Chunks: ChunkConfig{Threshold: 20 * time.Second, Length: 10 * time.Second, Parallel: 2}}

// TestChunkedLadderMatchesOneProcess encodes the source in chunks and in
// one process, both with the standard profile's adaptive ladder, and
// checks the stitch against the one-process run: per rung, the segments'
// timestamps continuous across every chunk edge (ffprobe of the init
// segment and every media segment, joined as a player appends them), the
// same keyframes and segment boundaries, the same init segments, every
// frame decoding; the audio without a gap; durations within 0.1 s of the
// source; the MP4 one file of the same frames. 15-35 s on the shared
// 2-core machine: both runs encode 45 s of 360p and 240p.
func TestChunkedLadderMatchesOneProcess(t *testing.T) {
	source := mediatest.SceneCut(t, 640, 360, chunkedSeconds, sceneCutAt)
	length := ffprobe(t, source).duration(t)
	whole, wholeRun := chunkedJob(t, source, false)
	chunked, r := chunkedJob(t, source, true)
	require.Equal(t, whole.Renditions, chunked.Renditions, "the ladder decision, made once before the split")

	stitched, one := manifestTimelines(t, r), manifestTimelines(t, wholeRun)
	for i := range chunked.Renditions {
		id := strconv.Itoa(i)
		assert.Equal(t, one.segments[id], stitched.segments[id], "rendition %s: the same segments, on the same clock", id)
	}
	manifest, err := os.ReadFile(r.path(DASHManifest))
	require.NoError(t, err)
	assert.Equal(t, len(stitched.segments), strings.Count(string(manifest), `<S t="`), "one t per timeline: each continuous")

	for i, rendition := range chunked.Renditions {
		id := strconv.Itoa(i)
		video := joinedTrack(t, r, id)
		packets := probePackets(t, video, "v:0")
		assertContinuous(t, packets, rendition.Name)
		assert.InDelta(t, length, packets.end(), 0.1, rendition.Name)
		assert.Equal(t, probePackets(t, joinedTrack(t, wholeRun, id), "v:0").frames, packets.frames, "%s: the one-process run's frames and keyframes", rendition.Name)
		assertSameFile(t, wholeRun.path("stream/init-"+id+".m4s"), r.path("stream/init-"+id+".m4s"))
		decoded, err := exec.Command("ffmpeg", "-v", "error", "-i", video, "-f", "null", "-").CombinedOutput()
		require.NoError(t, err)
		assert.Empty(t, string(decoded), "%s decodes across every chunk edge", rendition.Name)
		assert.InDelta(t, length, playlistSeconds(t, r.path(mediaPlaylistPath(id))), 0.1, rendition.Name)
	}
	audio := probePackets(t, joinedTrack(t, r, strconv.Itoa(len(chunked.Renditions))), "a:0")
	assertContinuous(t, audio, "audio")
	assert.InDelta(t, length, audio.end(), 0.1, "audio")

	mp4, wholeMP4 := ffprobe(t, r.path(chunked.MP4)), ffprobe(t, wholeRun.path(whole.MP4))
	assert.InDelta(t, length, mp4.duration(t), 0.1)
	assert.Equal(t, wholeMP4.sizes(), mp4.sizes(), "one picture, the download rendition's")
	assert.True(t, mp4.hasCodec("aac"))
	assert.Equal(t, frameCounts(wholeMP4), frameCounts(mp4), "every frame, once")
	assertAnnounced(t, r, chunked)
	for _, f := range r.files {
		assert.False(t, strings.HasPrefix(f.Path, chunksDir+"/"), "scratch is never announced: %s", f.Path)
	}
	assertProgress(t, r.progress)
}

// chunkedJob transcodes source, in chunks or not, and logs the time and
// the CPU its tools took.
func chunkedJob(t *testing.T, source string, chunked bool) (Result, *run) {
	t.Helper()
	mediatest.RequireTools(t)
	r := &run{out: t.TempDir()}
	job := r.job(source)
	job.Adaptive, job.Chunked = true, chunked
	cpu, start := childrenCPU(t), time.Now()
	result, err := New(chunkedConfig).Transcode(context.Background(), job)
	require.NoError(t, err)
	t.Logf("chunked %t: %.1f s wall, %.1f CPU-s", chunked, time.Since(start).Seconds(), (childrenCPU(t) - cpu).Seconds())
	return result, r
}

// childrenCPU is the user and system time of the test's finished children.
func childrenCPU(t *testing.T) time.Duration {
	var usage syscall.Rusage
	require.NoError(t, syscall.Getrusage(syscall.RUSAGE_CHILDREN, &usage))
	return time.Duration(usage.Utime.Nano() + usage.Stime.Nano())
}

// manifestTimelines reads the DASH manifest's segments.
func manifestTimelines(t *testing.T, r *run) timelines {
	data, err := os.ReadFile(r.path(DASHManifest))
	require.NoError(t, err)
	joined, err := joinTimelines([][]byte{data})
	require.NoError(t, err)
	return joined
}

// joinedTrack joins a track's init and media segments, as a player's
// source buffer gets them, into one file.
func joinedTrack(t *testing.T, r *run, id string) string {
	data, err := os.ReadFile(r.path(DASHManifest))
	require.NoError(t, err)
	doc, err := parseMPD(data)
	require.NoError(t, err)
	for _, tr := range doc.tracks("") {
		if tr.ID == id {
			joined := filepath.Join(t.TempDir(), "track-"+id+".mp4")
			_, err := joinTrack(r.path(StreamDir), tr, joined)
			require.NoError(t, err)
			return joined
		}
	}
	require.Failf(t, "no track", "%s", id)
	return ""
}

func assertSameFile(t *testing.T, want, got string) {
	wantData, err := os.ReadFile(want) //nolint:gosec // the test's own output
	require.NoError(t, err)
	gotData, err := os.ReadFile(got) //nolint:gosec // the test's own output
	require.NoError(t, err)
	assert.Equal(t, wantData, gotData, "%s is %s", got, want)
}

func frameCounts(p probed) []string {
	var out []string
	for _, s := range p.Streams {
		out = append(out, s.CodecType+" "+s.NbFrames)
	}
	return out
}

// TestChunkedLadderAV1: with the efficient profile every chunk also runs
// its AV1 renditions; the stitched AV1 set has the H.264 set's segments,
// and its tracks decode across the chunk edges. 12 s in 4 s chunks, 7-21 s.
func TestChunkedLadderAV1(t *testing.T) {
	mediatest.RequireTools(t)
	r := &run{out: t.TempDir()}
	job := r.job(mediatest.SceneCut(t, 640, 360, 12, 4))
	job.AV1, job.Chunked = true, true
	cfg := Config{Chunks: ChunkConfig{Threshold: 4 * time.Second, Length: 4 * time.Second}}
	result, err := New(cfg).Transcode(context.Background(), job)
	require.NoError(t, err)

	data, err := os.ReadFile(r.path(DASHManifest))
	require.NoError(t, err)
	doc, err := parseMPD(data)
	require.NoError(t, err)
	var timelines [][]float64
	for _, tr := range doc.tracks("") {
		if !tr.Video {
			continue
		}
		var durations []float64
		for _, s := range tr.Segments {
			durations = append(durations, s.Duration)
		}
		timelines = append(timelines, durations)
		joined := filepath.Join(t.TempDir(), "track.mp4")
		_, err := joinTrack(r.path(StreamDir), tr, joined)
		require.NoError(t, err)
		assertContinuous(t, probePackets(t, joined, "v:0"), tr.ID)
		decoded, err := exec.Command("ffmpeg", "-v", "error", "-i", joined, "-f", "null", "-").CombinedOutput()
		require.NoError(t, err)
		assert.Empty(t, string(decoded), "%s decodes across every chunk edge", tr.ID)
	}
	require.Len(t, timelines, 2*len(result.Renditions), "H.264 and AV1")
	for _, timeline := range timelines[1:] {
		assert.Equal(t, timelines[0], timeline, "one grid for both codecs")
	}
	master, err := os.ReadFile(r.path(MasterPlaylist))
	require.NoError(t, err)
	assert.Equal(t, 2, strings.Count(string(master), `CODECS="av01.0.`))
	assertProgress(t, r.progress)
}
