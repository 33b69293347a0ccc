package media

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/services/transcode/internal/mediatest"
)

// TestChunkOfAnotherWorkerMatchesOneProcessChunks plans a 12 s source in
// 4 s chunks, runs each chunk from the plan's record alone (a fresh
// Transcoder and directory per chunk, as a worker that only got the unit),
// and compares its video segments with the same job chunked in one
// process: the same names, and in each the same frames at the same
// timestamps with the same keyframes. Not the same bytes: two x264 runs
// of the same chunk differ by a few tenths of a per cent (as a redelivered
// chunk's would), which is why a retry rewrites every name of its chunk.
// 15-25 s on the shared two cores.
func TestChunkOfAnotherWorkerMatchesOneProcessChunks(t *testing.T) {
	mediatest.RequireTools(t)
	cfg := Config{Chunks: ChunkConfig{Threshold: 4 * time.Second, Length: 4 * time.Second, Parallel: 1}}
	source := mediatest.Clip(t, mediatest.ClipSpec{Width: 640, Height: 360, Seconds: 12, Audio: true})
	ctx := context.Background()

	planned, err := New(cfg).Plan(ctx, Job{Source: source})
	require.NoError(t, err)
	require.Len(t, planned.Chunks, 3)
	require.NotEmpty(t, planned.Record)

	whole := t.TempDir()
	result, err := New(cfg).Transcode(ctx, Job{Source: source, OutDir: whole, Chunked: true})
	require.NoError(t, err)
	renditions := len(result.Renditions)

	var units []string
	for _, c := range planned.Chunks {
		out := t.TempDir()
		require.NoError(t, New(cfg).EncodeChunkOf(ctx, planned.Record, source, out, c, nil))
		for _, name := range videoSegments(t, out, renditions) {
			units = append(units, name)
			_, err := os.Stat(filepath.Join(whole, StreamDir, name))
			require.NoError(t, err, "chunk %d wrote %s, which the one-process run has not", c.Index, name)
			assert.Equal(t, segmentFrames(t, whole, whole, name).frames, segmentFrames(t, whole, out, name).frames,
				"%s: the one-process chunk's frames, timestamps and keyframes", name)
		}
	}
	slices.Sort(units)
	assert.Equal(t, videoSegments(t, whole, renditions), units, "together the units wrote every video segment once")
}

// segmentFrames probes media segment name of dir's stream/ behind the
// init segment of its representation from initDir, as a player appends it.
func segmentFrames(t *testing.T, initDir, dir, name string) packets {
	t.Helper()
	representation := strings.Split(name, "-")[1]
	init, err := os.ReadFile(filepath.Join(initDir, StreamDir, "init-"+representation+".m4s"))
	require.NoError(t, err)
	segment, err := os.ReadFile(filepath.Join(dir, StreamDir, name))
	require.NoError(t, err)
	joined := filepath.Join(t.TempDir(), "joined.mp4")
	require.NoError(t, os.WriteFile(joined, append(init, segment...), 0o600))
	return probePackets(t, joined, "v:0")
}

// videoSegments lists the media segments of the first renditions
// representations (the video's; the audio's follow) under dir's stream/,
// sorted.
func videoSegments(t *testing.T, dir string, renditions int) []string {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join(dir, StreamDir))
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		name := e.Name()
		parts := strings.Split(name, "-") // seg-<representation>-<number>.m4s
		if parts[0] != "seg" || len(parts) != 3 {
			continue
		}
		if id, err := strconv.Atoi(parts[1]); err == nil && id < renditions {
			names = append(names, name)
		}
	}
	return names
}
