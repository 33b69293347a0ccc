package media

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/golden"
)

// The chunks of TestGoldenStitchedManifest: two of 4 s at 15360 ticks a
// second, each with two video representations, and the audio runs'.
var (
	firstChunkTimeline  = `<S t="0" d="30720" r="1" />`
	secondChunkTimeline = `<S t="61440" d="30720" r="1" />`
)

// TestGoldenStitchedManifest collects two chunk runs and the two audio runs
// (one per bitrate) of a chunked job, as files on disk, and stitches their
// manifests: the files take the one-process names, and the manifest lists
// them on one timeline, the audio as one set of both bitrates (the golden
// file is the one a single audio run of both gave).
func TestGoldenStitchedManifest(t *testing.T) {
	out := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(out, StreamDir), 0o750))
	video := string(readTestdata(t, "chunk_video.mpd"))
	second := strings.Replace(video, firstChunkTimeline, secondChunkTimeline, 2)
	runs := []struct {
		manifest string
		out      runOutput
	}{
		{video, runOutput{dir: filepath.Join(out, chunkDir(0)), muxer: h264Muxer, firstNumber: 1, keepInit: true}},
		{second, runOutput{dir: filepath.Join(out, chunkDir(1)), muxer: h264Muxer, firstNumber: 3}},
		{string(readTestdata(t, "chunk_audio_0.mpd")), runOutput{dir: filepath.Join(out, audioRunDir(0)), muxer: h264Muxer, firstID: 2, firstSet: 1, firstNumber: 1, keepInit: true}},
		{string(readTestdata(t, "chunk_audio_1.mpd")), runOutput{dir: filepath.Join(out, audioRunDir(1)), muxer: h264Muxer, firstID: 3, firstSet: 1, firstNumber: 1, keepInit: true}},
	}
	var collected [][]byte
	for _, run := range runs {
		writeRun(t, run.out.dir, run.manifest)
		require.NoError(t, collect(out, run.out))
		data, err := os.ReadFile(filepath.Join(run.out.dir, h264Muxer.manifestPath))
		require.NoError(t, err)
		collected = append(collected, data)
	}
	assertHolds(t, filepath.Join(out, StreamDir, "seg-1-00003.m4s"), filepath.Join(runs[1].out.dir, StreamDir, "seg-1-00001.m4s"))
	assertHolds(t, filepath.Join(out, StreamDir, "init-3.m4s"), filepath.Join(runs[3].out.dir, StreamDir, "init-0.m4s"))
	assertHolds(t, filepath.Join(out, StreamDir, "seg-3-00005.m4s"), filepath.Join(runs[3].out.dir, StreamDir, "seg-0-00005.m4s"))
	assert.FileExists(t, filepath.Join(runs[1].out.dir, StreamDir, "init-0.m4s"), "a later chunk's init segments stay behind")

	audio, err := joinAudioRuns(collected[2:])
	require.NoError(t, err)
	stitched, err := stitchMPD(collected[:2], [][]byte{audio})
	require.NoError(t, err)
	golden.Text(t, "manifest_stitched", string(stitched))
	doc, err := parseMPD(stitched)
	require.NoError(t, err)
	for _, tr := range doc.tracks("") {
		for _, s := range append([]string{tr.Init}, segmentFiles(tr)...) {
			assert.FileExists(t, filepath.Join(out, StreamDir, s), "track %s", tr.ID)
		}
	}
	assert.Len(t, doc.tracks("")[1].Segments, 4)
	assert.Len(t, doc.tracks("")[3].Segments, 5)
}

// TestStitchRefusesChunksThatDoNotContinue: a missing chunk, a chunk on
// another clock, a chunk without a representation are errors, not a
// manifest that names the wrong files.
func TestStitchRefusesChunksThatDoNotContinue(t *testing.T) {
	video := string(readTestdata(t, "chunk_video.mpd"))
	third := strings.ReplaceAll(strings.Replace(video, firstChunkTimeline, secondChunkTimeline, 2), `startNumber="1"`, `startNumber="5"`)
	_, err := stitchMPD([][]byte{[]byte(video), []byte(third)}, nil)
	assert.ErrorContains(t, err, "chunk 1: representation 0 starts at segment 5 after 2 segments")

	second := strings.ReplaceAll(strings.Replace(video, firstChunkTimeline, secondChunkTimeline, 2), `startNumber="1"`, `startNumber="3"`)
	otherClock := strings.ReplaceAll(second, `timescale="15360"`, `timescale="30000"`)
	_, err = stitchMPD([][]byte{[]byte(video), []byte(otherClock)}, nil)
	assert.ErrorContains(t, err, "counts time in 1/30000 s, chunk 0 in 1/15360 s")

	oneRendition := second[:strings.Index(second, `<Representation id="1"`)] + second[strings.Index(second, "</AdaptationSet>"):]
	_, err = stitchMPD([][]byte{[]byte(video), []byte(oneRendition)}, nil)
	assert.ErrorContains(t, err, "chunk 1 has 1 representations, chunk 0 2")
}

func TestTimelineXMLMarksADiscontinuity(t *testing.T) {
	got := timelineXML([]timedSegment{{0, 100}, {100, 100}, {200, 50}, {260, 100}})
	assert.Equal(t, "<SegmentTimeline>\n"+
		"\t\t\t\t\t\t<S t=\"0\" d=\"100\" r=\"1\" />\n"+
		"\t\t\t\t\t\t<S d=\"50\" />\n"+
		"\t\t\t\t\t\t<S t=\"260\" d=\"100\" />\n"+
		"\t\t\t\t\t</SegmentTimeline>", got)
}

func TestMPDDuration(t *testing.T) {
	ms := time.Millisecond
	for d, want := range map[time.Duration]string{4 * time.Second: "PT4.0S", 45045 * ms: "PT45.0S", 301260 * ms: "PT5M1.2S", time.Hour: "PT1H0M0.0S"} {
		assert.Equal(t, want, mpdDuration(d))
	}
}

// writeRun writes a run's manifest and, for each file it names, a file
// holding its own path.
func writeRun(t *testing.T, dir, manifest string) {
	stream := filepath.Join(dir, StreamDir)
	require.NoError(t, os.MkdirAll(stream, 0o750))
	require.NoError(t, os.WriteFile(filepath.Join(dir, h264Muxer.manifestPath), []byte(manifest), 0o600))
	doc, err := parseMPD([]byte(manifest))
	require.NoError(t, err)
	for _, tr := range doc.tracks("") {
		for _, name := range append([]string{tr.Init}, segmentFiles(tr)...) {
			require.NoError(t, os.WriteFile(filepath.Join(stream, name), []byte(filepath.Join(stream, name)), 0o600))
		}
	}
}

// assertHolds: the file at path is the one written at origin.
func assertHolds(t *testing.T, path, origin string) {
	data, err := os.ReadFile(path) //nolint:gosec // the test's own files
	require.NoError(t, err)
	assert.Equal(t, origin, string(data))
}

// TestJoinAudioRunsRefusesARunOfManyBitrates: each audio run encodes one
// bitrate; a manifest of another shape is an error, not a set that names
// the wrong files.
func TestJoinAudioRunsRefusesARunOfManyBitrates(t *testing.T) {
	one := readTestdata(t, "chunk_audio_0.mpd")
	both := strings.Replace(string(one), "</Representation>", "</Representation>\n\t\t\t<Representation id=\"1\"></Representation>", 1)
	_, err := joinAudioRuns([][]byte{one, []byte(both)})
	assert.ErrorContains(t, err, "audio run 1: dash manifest: an audio run has 2 representations, want 1")
	_, err = joinAudioRuns(nil)
	assert.Error(t, err)
}
