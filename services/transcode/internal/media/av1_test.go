package media

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/golden"
	"github.com/vidhost/vidhost/services/transcode/internal/media/mp4box"
	"github.com/vidhost/vidhost/services/transcode/internal/mediatest"
)

func withAV1(p plan) plan {
	p.av1 = av1Renditions(p.renditions, av1Fixed)
	return p
}

// The AV1 set's run decodes, crops and scales as the H.264 ladder's does,
// and leaves that run as it is without AV1.
func TestGoldenLadderArgsAV1(t *testing.T) {
	for name, p := range map[string]plan{"1080p": landscapePlan(t), "clip_portrait_spherical_video_only": oddPlan(t)} {
		golden.Args(t, "av1_"+name, av1LadderArgs(withAV1(p)))
		assert.Equal(t, ladderArgs(p), ladderArgs(withAV1(p)), "the H.264 run is the same with AV1")
		assert.Equal(t, scaledGraph(p, len(p.renditions)), filterArg(t, av1LadderArgs(withAV1(p))), "the same pictures")
	}
}

func filterArg(t *testing.T, args []string) string {
	i := slices.Index(args, "-filter_complex")
	require.GreaterOrEqual(t, i, 0)
	return args[i+1]
}

func TestAV1RenditionsCapAtTheirShare(t *testing.T) {
	h264 := SelectRenditions(DefaultLadder(), 1920, 1080)
	rate := av1Rate{crf: 33, share: 70}
	av1 := av1Renditions(h264, rate)
	require.Len(t, av1, len(h264))
	for i, r := range av1 {
		assert.Equal(t, [2]int{h264[i].Width, h264[i].Height}, [2]int{r.Width, r.Height}, "the same frame")
		assert.Equal(t, h264[i].AudioBitrate, r.AudioBitrate, "the same audio")
		assert.Equal(t, h264[i].MaxRate*70/100, r.MaxRate)
		assert.Equal(t, 33, r.CRF, "the rate's quality")
		assert.Empty(t, r.Profile+r.Level, "H.264's notions")
	}
}

// TestAdaptationSetsNumberedInOrder: the DASH muxer refuses ids with a
// gap; the AV1 set's numbers come when the manifests are merged.
func TestAdaptationSetsNumberedInOrder(t *testing.T) {
	landscape, odd := landscapePlan(t), oddPlan(t)
	require.Nil(t, odd.audio, "oddPlan is video-only")
	assert.Equal(t, "id=0,streams=v id=1,streams=a", adaptationSets(landscape))
	assert.Equal(t, "id=0,streams=v", adaptationSets(odd))
}

func TestMasterPlaylistListsAV1AfterH264(t *testing.T) {
	p := withAV1(landscapePlan(t))
	pub := newPublisher(p, nil)
	// 5 H.264 renditions (streams 0-4), 3 audio bitrates (5-7); 5 AV1 in a run of their own.
	require.Len(t, pub.variants, 10)
	assert.Equal(t, variant{video: "0", audio: "5"}, pub.variants[0])
	assert.Equal(t, variant{video: "av1-0", audio: "5", set: av1Set}, pub.variants[5], "AV1 1080p plays with the 1080p audio")
	assert.Equal(t, variant{video: "av1-4", audio: "7", set: av1Set}, pub.variants[9])
}

func TestMasterPlaylistCarriesAV1Codecs(t *testing.T) {
	tracks := map[string]track{
		"0": {ID: "0", Video: true, Codecs: "avc1.4d401f", Bandwidth: 856000, Width: 640, Height: 360, FrameRate: "30/1"},
		"1": {ID: "1", Codecs: "mp4a.40.2", Bandwidth: 128000, Channels: "2"},
		"2": {ID: "2", Video: true, Codecs: "av01.0.01M.08", Bandwidth: 513000, Width: 640, Height: 360, FrameRate: "30/1"},
	}
	master := string(masterPlaylist(tracks, []variant{{video: "0", audio: "1"}, {video: "2", audio: "1"}}, nil))
	assert.Contains(t, master, `CODECS="avc1.4d401f,mp4a.40.2",RESOLUTION=640x360`)
	assert.Contains(t, master, `BANDWIDTH=641000,AVERAGE-BANDWIDTH=641000,CODECS="av01.0.01M.08,mp4a.40.2",RESOLUTION=640x360`)
	assert.Less(t, strings.Index(master, "avc1"), strings.Index(master, "av01"), "H.264 first, for players that ignore CODECS")
	assert.Equal(t, 1, strings.Count(master, "#EXT-X-MEDIA:TYPE=AUDIO"), "both sets share one audio rendition")
}

func TestSampleEntry(t *testing.T) {
	assert.Equal(t, "avc1", sampleEntry("avc1.4d401f"))
	assert.Equal(t, "av01", sampleEntry("av01.0.01M.08"))
}

// TestTranscodeAV1 runs the AV1 variant set on a small clip: every rung
// in both codecs, in one HLS master and one DASH manifest, on one 2 s
// keyframe grid, each AV1 segment a decodable AV1 picture of its rung's
// size; the MP4 stays H.264; progress and early publishing as without.
func TestTranscodeAV1(t *testing.T) {
	transcoder, r := setup(t)
	job := r.job(mediatest.Clip(t, clipWithAudio))
	job.AV1 = true
	result, err := transcoder.Transcode(context.Background(), job)
	require.NoError(t, err)

	master, err := os.ReadFile(r.path(MasterPlaylist))
	require.NoError(t, err)
	assert.Equal(t, 4, strings.Count(string(master), "#EXT-X-STREAM-INF:"))
	assert.Equal(t, 2, strings.Count(string(master), `CODECS="av01.0.`), "with the full av01 codec string")
	assert.Less(t, strings.Index(string(master), "avc1"), strings.Index(string(master), "av01"), "H.264 first")
	dash := ffprobe(t, r.path(DASHManifest))
	assert.True(t, dash.hasCodec("av1") && dash.hasCodec("h264"))
	assertAlignedSegments(t, r, 4)
	assertAV1SegmentsDecode(t, r)

	mp4 := ffprobe(t, r.path(result.MP4))
	assert.True(t, mp4.hasCodec("h264"))
	assert.False(t, mp4.hasCodec("av1"), "the download stays H.264")
	assertAnnounced(t, r, result)
	assertProgress(t, r.progress)
}

// assertAV1SegmentsDecode probes every AV1 media segment, joined to its
// track's init segment as a player's source buffer gets them: AV1 of the
// rung's size, every frame decodable.
func assertAV1SegmentsDecode(t *testing.T, r *run) {
	t.Helper()
	data, err := os.ReadFile(r.path(DASHManifest))
	require.NoError(t, err)
	doc, err := parseMPD(data)
	require.NoError(t, err)
	probedSegments := 0
	for _, tr := range doc.tracks("") {
		if !strings.HasPrefix(tr.Codecs, "av01") {
			continue
		}
		init, err := os.ReadFile(filepath.Join(r.out, StreamDir, tr.Init))
		require.NoError(t, err)
		for _, s := range tr.Segments {
			media, err := os.ReadFile(filepath.Join(r.out, StreamDir, s.File))
			require.NoError(t, err)
			joined := filepath.Join(t.TempDir(), "segment.mp4")
			require.NoError(t, os.WriteFile(joined, append(append([]byte{}, init...), media...), 0o600))
			p := ffprobe(t, joined)
			assert.True(t, p.hasCodec("av1"), s.File)
			assert.Equal(t, []string{fmt.Sprintf("%dx%d", tr.Width, tr.Height)}, p.sizes(), s.File)
			decoded, err := exec.Command("ffmpeg", "-v", "error", "-i", joined, "-f", "null", "-").CombinedOutput()
			require.NoError(t, err, "decode %s", s.File)
			assert.Empty(t, string(decoded), "%s decodes cleanly", s.File)
			probedSegments++
		}
	}
	assert.Equal(t, 6, probedSegments, "two AV1 rungs of three segments")
}

// TestTranscodeAV1VideoOnlySpherical: a 360° source without audio (its
// AV1 set is the manifest's second adaptation set) keeps the spherical box
// in both sample entries, avc1 and av01.
func TestTranscodeAV1VideoOnlySpherical(t *testing.T) {
	transcoder, r := setup(t)
	job := r.job(mediatest.Clip(t, clipSpherical))
	job.AV1 = true
	_, err := transcoder.Transcode(context.Background(), job)
	require.NoError(t, err)
	for init, entry := range map[string]string{"stream/init-0.m4s": "avc1", "stream/init-av1-0.m4s": "av01"} {
		data, err := os.ReadFile(r.path(init))
		require.NoError(t, err)
		assert.True(t, mp4box.Contains(data, entry, "sv3d"), "%s keeps the 360° metadata", init)
	}
}

// TestFailingAV1RunEndsWithItsCause: ffmpeg failing after SVT-AV1 started
// (here the DASH muxer refuses an adaptation set id) exits rather than
// hanging in SVT-AV1's teardown, and its error is ffmpeg's, not SVT's.
func TestFailingAV1RunEndsWithItsCause(t *testing.T) {
	mediatest.RequireTools(t)
	args := append(quietArgs(), "-f", "lavfi", "-i", "testsrc2=s=320x180:d=1",
		"-c:v", "libsvtav1", "-preset", "12",
		"-f", "dash", "-adaptation_sets", "id=5,streams=v", filepath.Join(t.TempDir(), "manifest.mpd"))
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute) // a hang fails here, not at the test binary's timeout
	defer cancel()
	err := runTool(ctx, "ffmpeg", args, discardStdout)
	var execErr *ExecError
	require.ErrorAs(t, err, &execErr)
	require.NoError(t, ctx.Err(), "ended by the teardown guard, not the deadline")
	assert.Contains(t, execErr.Stderr, "AdaptationSet id")
	assert.NotContains(t, execErr.Stderr, string(svtTeardown))
	assert.NotContains(t, execErr.Error(), "Svt[")
}

func TestStderrFilterDropsSVTTeardown(t *testing.T) {
	var out strings.Builder
	calls := 0
	f := &stderrFilter{out: &out, onTeardown: func() { calls++ }}
	for _, chunk := range []string{"[dash] bad id\nCould not wr", "ite header\nSvt[error]: deinit called without sending EOS!\n",
		"Svt[error]: deinit called without sending EOS!\n", "last words"} {
		_, err := f.Write([]byte(chunk))
		require.NoError(t, err)
	}
	f.flush()
	assert.Equal(t, "[dash] bad id\nCould not write header\nlast words", out.String())
	assert.Equal(t, 1, calls, "the process is killed once")
}

// The efficient profile's AV1 twins come only where they pay: not on static
// pictures nor on noise; everywhere else, and where the analysis could not
// decide, they do.
func TestAV1TwinsOnlyWhereTheyPay(t *testing.T) {
	fixed := SelectRenditions(DefaultLadder(), 1920, 1080)
	cases := []struct {
		name     string
		analysis *Analysis
		twins    bool
	}{
		{"slides", sure(0.008), false},
		{"flat animation", sure(0.05), true},
		{"busy shapes", sure(0.21), true},
		{"grain", sure(0.32), true},
		{"noise", sure(3), false},
		{"too short to analyse", &Analysis{Fallback: "too short to sample"}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			renditions, rate := decideLadder(fixed, c.analysis)
			p := landscapePlan(t)
			p.withAV1, p.av1Rate = true, rate
			p.setRenditions(renditions)
			assert.Equal(t, c.twins, len(p.av1) == len(renditions))
			assert.Equal(t, c.twins, len(newPublisher(p, nil).muxers) == 2, "the AV1 run's muxer")
			assert.Equal(t, c.twins, rate.skip == "", "a reason only without twins: %q", rate.skip)
		})
	}
}

// While encoding, the master playlist names a codec's variants once every
// one of them has its first segments: AV1's lookahead must not hold back
// the first playable H.264 segments, and a player that reads the master
// early still gets the whole H.264 ladder.
func TestMasterListsACodecOnceAllItsStreamsHaveASegment(t *testing.T) {
	pub := newPublisher(withAV1(landscapePlan(t)), nil)
	sets := func(final bool) []int {
		var sets []int
		for _, v := range pub.listed(final) {
			sets = append(sets, v.set)
		}
		return slices.Compact(sets)
	}
	assert.Empty(t, sets(false), "nothing encoded yet: no master")
	for stream := range 7 { // 5 H.264 renditions, then 2 of the 3 audio bitrates
		pub.published[strconv.Itoa(stream)] = 1
	}
	assert.Empty(t, sets(false), "the 240p's audio has no segment yet")
	pub.published["7"] = 1
	assert.Equal(t, []int{h264Set}, sets(false))
	for j := range 4 {
		pub.published["av1-"+strconv.Itoa(j)] = 1
	}
	assert.Equal(t, []int{h264Set}, sets(false), "AV1 240p has no segment yet")
	pub.published["av1-4"] = 1
	assert.Equal(t, []int{h264Set, av1Set}, sets(false))
	assert.Len(t, newPublisher(withAV1(landscapePlan(t)), nil).listed(true), 10, "at the end, every variant")
}
