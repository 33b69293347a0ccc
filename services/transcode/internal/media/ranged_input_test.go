package media

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/blob/blobtest"
	"github.com/vidhost/vidhost/services/transcode/internal/mediatest"
	"github.com/vidhost/vidhost/services/transcode/internal/sourcehttp"
)

// TestChunkReadByRangeMatchesLocalCopy plans a 50 s source in 10 s
// chunks and runs its middle chunk (20-30 s) from a local file and from
// the source server, for an MP4 whose index is at the end (as a plain
// ffmpeg run writes it), one whose index is first (+faststart, as files
// made for streaming have it) and a Matroska file: the same segments with
// the same frames, timestamps and keyframes, for well under the whole file
// read. A proxy in the environment is ignored (without -http_proxy "",
// ffmpeg would connect to it). 20-40 s on the shared two cores.
func TestChunkReadByRangeMatchesLocalCopy(t *testing.T) {
	mediatest.RequireTools(t)
	t.Setenv("http_proxy", "http://127.0.0.1:9") // never used: the connections stay on the server's
	cfg := Config{Chunks: ChunkConfig{Threshold: 10 * time.Second, Length: 10 * time.Second, Parallel: 1}}
	clip := mediatest.Clip(t, mediatest.ClipSpec{Width: 640, Height: 360, Seconds: 50, Audio: true})
	ctx := context.Background()

	planned, err := New(cfg).Plan(ctx, Job{Source: clip})
	require.NoError(t, err)
	require.Len(t, planned.Chunks, 5)
	require.True(t, ReadsByRange(planned.Record))
	middle := planned.Chunks[2]
	require.Equal(t, 20*time.Second, middle.Start)
	// Only the first chunk writes the init segments a player puts before
	// the middle chunk's.
	inits, local := t.TempDir(), t.TempDir()
	require.NoError(t, New(cfg).EncodeChunkOf(ctx, planned.Record, clip, inits, planned.Chunks[0], nil))
	require.NoError(t, New(cfg).EncodeChunkOf(ctx, planned.Record, clip, local, middle, nil))
	renditions := len(renditionsOf(mustRecord(t, planned.Record).Renditions))
	want := videoSegments(t, local, renditions)
	require.NotEmpty(t, want)

	for _, tc := range []struct {
		name, source string
	}{
		{"mp4, index last", clip},
		{"mp4, index first", mediatest.Remux(t, clip, ".mp4", "-movflags", "+faststart")},
		{"matroska", mediatest.Remux(t, clip, ".mkv")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			record, local := planned.Record, local
			if tc.source != clip {
				p, err := New(cfg).Plan(ctx, Job{Source: tc.source})
				require.NoError(t, err)
				require.True(t, ReadsByRange(p.Record))
				record = p.Record
			}
			if filepath.Ext(tc.source) == ".mkv" {
				// Matroska counts in milliseconds: its frames' times, and
				// so the chunk's first frame, are its own.
				local = t.TempDir()
				require.NoError(t, New(cfg).EncodeChunkOf(ctx, record, tc.source, local, middle, nil))
			}
			url, store := serve(t, tc.source)
			out := t.TempDir()
			require.NoError(t, New(cfg).EncodeChunkOf(ctx, record, url, out, middle, nil))
			assert.Equal(t, want, videoSegments(t, out, renditions), "the same segments")
			for _, name := range want {
				assert.Equal(t, segmentFrames(t, inits, local, name).frames, segmentFrames(t, inits, out, name).frames,
					"%s: the local copy's frames, timestamps and keyframes", name)
			}
			size := fileSize(t, tc.source)
			share := float64(store.RangedBytes.Load()) / float64(size)
			t.Logf("%s: the middle chunk read %d of %d bytes (%.0f%%) in %d ranged reads", tc.name, store.RangedBytes.Load(), size, 100*share, store.RangedReads.Load())
			assert.Less(t, share, 0.6, "a middle chunk of five reads well under the whole file")
		})
	}
}

// The audio unit needs the whole audio track: over HTTP it reads the
// interleaved file from start to end (it skips the video's stretches only
// where they are longer than ffmpeg's read-ahead, by seeking: a request
// each). What it read is logged, for docs/transcoding.md.
func TestAudioReadByRange(t *testing.T) {
	mediatest.RequireTools(t)
	cfg := Config{Chunks: ChunkConfig{Threshold: 10 * time.Second, Length: 10 * time.Second, Parallel: 1}}
	clip := mediatest.Clip(t, mediatest.ClipSpec{Width: 640, Height: 360, Seconds: 50, Audio: true})
	planned, err := New(cfg).Plan(context.Background(), Job{Source: clip})
	require.NoError(t, err)
	url, store := serve(t, clip)
	out := t.TempDir()
	require.NoError(t, New(cfg).EncodeAudioOf(context.Background(), planned.Record, url, out, 0))
	entries, err := os.ReadDir(filepath.Join(out, StreamDir))
	require.NoError(t, err)
	assert.NotEmpty(t, entries, "the audio's segments")
	size := fileSize(t, clip)
	t.Logf("the audio read %d of %d bytes (%.0f%%) in %d ranged reads", store.RangedBytes.Load(), size, 100*float64(store.RangedBytes.Load())/float64(size), store.RangedReads.Load())
}

// serve puts file in a local store behind a source server counting what
// it reads, and returns the file's URL.
func serve(t *testing.T, file string) (string, *blobtest.Counting) {
	t.Helper()
	local, err := blob.NewLocal(blob.Config{Dir: t.TempDir()})
	require.NoError(t, err)
	f, err := os.Open(file) //nolint:gosec // G304: a generated test file
	require.NoError(t, err)
	defer f.Close()
	const key = "uploads/a/b/source"
	require.NoError(t, local.Put(context.Background(), key, f, fileSize(t, file), ""))
	store := &blobtest.Counting{Store: local}
	srv, err := sourcehttp.Start(store, slog.New(slog.DiscardHandler))
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, srv.Close(context.Background())) })
	url, remove, err := srv.Register(context.Background(), key)
	require.NoError(t, err)
	t.Cleanup(remove)
	return url, store
}

func fileSize(t *testing.T, file string) int64 {
	t.Helper()
	info, err := os.Stat(file)
	require.NoError(t, err)
	return info.Size()
}

func mustRecord(t *testing.T, record []byte) planRecord {
	t.Helper()
	p, err := unmarshalPlan(record, "", "")
	require.NoError(t, err)
	return planRecord{Renditions: renditionRecords(p.renditions)}
}
