package media

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/services/transcode/internal/mediatest"
)

// dirStored is Stored over a chunked run's own directory: what the units
// of a distributed job store, in one place.
type dirStored string

func (d dirStored) Fetch(_ context.Context, rel, dir string) error {
	in, err := os.Open(filepath.Join(string(d), filepath.FromSlash(rel)))
	if err != nil {
		return err
	}
	defer in.Close()
	dest := filepath.Join(dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(dest), 0o750); err != nil {
		return err
	}
	out, err := os.Create(dest)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

func (d dirStored) Size(_ context.Context, rel string) (int64, error) {
	info, err := os.Stat(filepath.Join(string(d), filepath.FromSlash(rel)))
	if err != nil {
		return 0, err
	}
	return info.Size(), nil
}

// The distributed stitch from stored records and segments writes what the
// one-process chunked run wrote: the same playlists, master and DASH
// manifest, byte for byte, and an MP4 of the same length; the early
// playlists of the first chunk are EVENT playlists of its segments alone.
// 12 s in three 4 s chunks; 5-15 s.
func TestStitchOfStoredUnitsMatchesOneProcess(t *testing.T) {
	mediatest.RequireTools(t)
	source := mediatest.SceneCut(t, 640, 360, 12, 4)
	cfg := Config{Chunks: ChunkConfig{Threshold: 4 * time.Second, Length: 4 * time.Second, Parallel: 1}}
	tr := New(cfg)
	one := &run{out: t.TempDir()}
	job := one.job(source)
	job.Chunked = true
	_, err := tr.Transcode(context.Background(), job)
	require.NoError(t, err)
	planned, err := tr.Plan(context.Background(), Job{Source: source})
	require.NoError(t, err)
	require.Len(t, planned.Chunks, 3)
	stored := dirStored(one.out)

	early := &run{out: t.TempDir()}
	require.NoError(t, tr.EarlyPlaylistsOf(context.Background(), planned.Record, early.out, 3, 1, stored, early.job("").OnFile))
	playlist, err := os.ReadFile(early.path(mediaPlaylistPath("0")))
	require.NoError(t, err)
	assert.Contains(t, string(playlist), "#EXT-X-PLAYLIST-TYPE:EVENT")
	assert.NotContains(t, string(playlist), "#EXT-X-ENDLIST")
	assert.Equal(t, 2, strings.Count(string(playlist), "#EXTINF:"), "the first chunk's 4 s")
	assert.FileExists(t, early.path(MasterPlaylist))
	for _, f := range early.files {
		assert.False(t, f.Kind == KindSegment && strings.HasPrefix(filepath.Base(f.Path), "seg-"), "a stored segment announced again: %s", f.Path)
	}
	assert.Error(t, tr.EarlyPlaylistsOf(context.Background(), planned.Record, t.TempDir(), 3, 3, stored, nil), "a whole plan is the stitch's")

	stitched := &run{out: t.TempDir()}
	res, err := tr.StitchOf(context.Background(), planned.Record, stitched.out, 3, stored, stitched.job("").OnFile)
	require.NoError(t, err)
	playlists, err := filepath.Glob(one.path(mediaPlaylistPath("*")))
	require.NoError(t, err)
	require.Len(t, playlists, 4, "two renditions, two audio bitrates")
	for _, rel := range []string{MasterPlaylist, DASHManifest, mediaPlaylistPath("0"), mediaPlaylistPath("1"), mediaPlaylistPath("2"), mediaPlaylistPath("3")} {
		assertSameFile(t, one.path(rel), stitched.path(rel))
	}
	assert.InDelta(t, ffprobe(t, one.path(res.MP4)).duration(t), ffprobe(t, stitched.path(res.MP4)).duration(t), 0.01)
	assert.FileExists(t, stitched.path(SpriteFile))
	assert.NoFileExists(t, stitched.path(ThumbnailFile), "the planner's")
}
