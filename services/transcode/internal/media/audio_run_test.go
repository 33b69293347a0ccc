package media

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/services/transcode/internal/mediatest"
)

// TestAudioRunsMatchOneRunOfEveryBitrate: the audio runs of a chunked
// job, one per bitrate, write what the one audio run of every bitrate
// wrote before the split: the same init and media segments, byte for
// byte, under the same names, and, joined, the same manifest, so every
// manifest and playlist stitched from it is the same too. A 720p ladder's
// three bitrates, of 12 s of sound; 2-5 s.
func TestAudioRunsMatchOneRunOfEveryBitrate(t *testing.T) {
	mediatest.RequireTools(t)
	ctx := context.Background()
	source := mediatest.Clip(t, mediatest.ClipSpec{Width: 640, Height: 360, Seconds: 12, Audio: true})
	tr := New(Config{})
	info, err := tr.Inspect(ctx, source)
	require.NoError(t, err)
	split, one := t.TempDir(), t.TempDir()
	p, err := newPlan(info, Job{Source: source, OutDir: split, Chunked: true}, DefaultLadder())
	require.NoError(t, err)
	p.setRenditions(SelectRenditions(DefaultLadder(), 1280, 720)) // the runs read the audio alone
	require.Equal(t, []int{128, 96, 64}, p.audioBitrates)

	require.NoError(t, os.MkdirAll(filepath.Join(split, StreamDir), 0o750))
	require.NoError(t, tr.encodeAudioRuns(ctx, p))

	// The run before the split: the plan's every bitrate in one ffmpeg,
	// its representations numbered after the video's.
	whole := p
	whole.outDir = filepath.Join(one, "chunks", "audio")
	require.NoError(t, prepareRunDir(whole.outDir))
	require.NoError(t, os.MkdirAll(filepath.Join(one, StreamDir), 0o750))
	require.NoError(t, tr.encodeRun(ctx, whole, encoderRun{muxer: h264Muxer, args: audioRunArgs(whole)}, nothingToSync, func(int) {}))
	require.NoError(t, collect(one, runOutput{dir: whole.outDir, muxer: h264Muxer, firstID: len(p.renditions), firstSet: 1, firstNumber: 1, keepInit: true}))

	want, got := streamFiles(t, one), streamFiles(t, split)
	require.Len(t, want, 3*7, "three bitrates of an init segment and six 2 s segments")
	assert.Equal(t, want, got, "the same segments under the same names, byte for byte")
	var runs [][]byte
	for k := range p.audioBitrates {
		data, err := os.ReadFile(filepath.Join(split, audioRunDir(k), h264Muxer.manifestPath))
		require.NoError(t, err)
		runs = append(runs, data)
	}
	joined, err := joinAudioRuns(runs)
	require.NoError(t, err)
	manifest, err := os.ReadFile(filepath.Join(whole.outDir, h264Muxer.manifestPath))
	require.NoError(t, err)
	assert.Equal(t, string(manifest), string(joined))
}

// streamFiles are the files of dir's stream/, by name.
func streamFiles(t *testing.T, dir string) map[string]string {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join(dir, StreamDir))
	require.NoError(t, err)
	files := map[string]string{}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, StreamDir, e.Name())) //nolint:gosec // the test's own directory
		require.NoError(t, err)
		files[e.Name()] = string(data)
	}
	return files
}
