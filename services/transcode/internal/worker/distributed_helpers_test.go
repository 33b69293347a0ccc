package worker_test

import (
	"bufio"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/services/transcode/internal/job"
	"github.com/vidhost/vidhost/services/transcode/internal/media"
)

// download copies every stored file of j's video into a directory of the
// test's, under the same relative paths.
func download(t *testing.T, b *bundle, j job.Job) string {
	t.Helper()
	dir := t.TempDir()
	ctx := context.Background()
	for _, rel := range storedKeys(t, b, j) {
		body, _, err := b.store.Open(ctx, j.MediaFolder()+rel)
		require.NoError(t, err)
		dest := filepath.Join(dir, filepath.FromSlash(rel))
		require.NoError(t, os.MkdirAll(filepath.Dir(dest), 0o750))
		file, err := os.Create(dest) //nolint:gosec // the test's own directory
		require.NoError(t, err)
		_, err = io.Copy(file, body)
		require.NoError(t, err)
		require.NoError(t, file.Close())
		require.NoError(t, body.Close())
	}
	return dir
}

// playlistSegments are the segment files (init and media) that the HLS
// media playlists under dir's stream/ name.
func playlistSegments(t *testing.T, dir string) []string {
	t.Helper()
	playlists, err := filepath.Glob(filepath.Join(dir, media.StreamDir, "playlist_*.m3u8"))
	require.NoError(t, err)
	require.NotEmpty(t, playlists)
	var named []string
	for _, playlist := range playlists {
		file, err := os.Open(playlist) //nolint:gosec // the test's own directory
		require.NoError(t, err)
		lines := bufio.NewScanner(file)
		for lines.Scan() {
			line := lines.Text()
			if uri, ok := strings.CutPrefix(line, `#EXT-X-MAP:URI="`); ok {
				named = append(named, media.StreamDir+"/"+strings.TrimSuffix(uri, `"`))
			} else if line != "" && !strings.HasPrefix(line, "#") {
				named = append(named, media.StreamDir+"/"+line)
			}
		}
		require.NoError(t, file.Close())
	}
	slices.Sort(named)
	return slices.Compact(named)
}

// joinedTrack is track id's init segment and media segments under dir's
// stream/, in order, in one file: what a player appends.
func joinedTrack(t *testing.T, dir, id string) string {
	t.Helper()
	segments, err := filepath.Glob(filepath.Join(dir, media.StreamDir, "seg-"+id+"-*.m4s"))
	require.NoError(t, err)
	require.NotEmpty(t, segments, "track %s", id)
	sort.Strings(segments) // numbered with zeros in front
	joined := filepath.Join(t.TempDir(), "track-"+id+".mp4")
	out, err := os.Create(joined) //nolint:gosec // the test's own directory
	require.NoError(t, err)
	defer out.Close()
	for _, name := range append([]string{filepath.Join(dir, media.StreamDir, "init-"+id+".m4s")}, segments...) {
		data, err := os.ReadFile(name) //nolint:gosec // the test's own directory
		require.NoError(t, err)
		_, err = out.Write(data)
		require.NoError(t, err)
	}
	return joined
}

// assertContinuous checks that a track's packets, in presentation order,
// follow each other at one step, with no gap and no overlap (a stitch off
// by a frame shows as a step of 0 or 2), and returns where the track ends,
// in seconds.
func assertContinuous(t *testing.T, path, stream, name string) float64 {
	t.Helper()
	out, err := exec.Command("ffprobe", "-v", "error", "-select_streams", stream,
		"-show_entries", "packet=pts_time,duration_time", "-of", "csv=p=0", path).Output()
	require.NoError(t, err, name)
	var starts []float64
	var last float64
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		pts, duration, _ := strings.Cut(line, ",")
		start, err := strconv.ParseFloat(pts, 64)
		require.NoError(t, err, "%s: %q", name, line)
		length, _ := strconv.ParseFloat(strings.TrimSuffix(duration, ","), 64)
		starts = append(starts, start)
		if start >= last {
			last = start + length
		}
	}
	require.Greater(t, len(starts), 10, name)
	slices.Sort(starts)
	steps := make([]float64, 0, len(starts)-1)
	for i := 1; i < len(starts); i++ {
		steps = append(steps, starts[i]-starts[i-1])
	}
	usual := slices.Clone(steps)
	slices.Sort(usual)
	step := usual[len(usual)/2]
	for i, s := range steps {
		if s < step/2 || s > step*3/2 {
			assert.Failf(t, "a gap or an overlap", "%s: %.4f s between packets at %.4f and %.4f (usual %.4f)", name, s, starts[i], starts[i+1], step)
		}
	}
	return last
}

// chunkHangingFFmpeg is an ffmpeg that logs each command line, as countingFFmpeg
// does, and never ends a chunk's run: it marks that it started one (the
// file "<ffmpeg>.hung") and sleeps, as a worker that died would leave it.
func chunkHangingFFmpeg(t *testing.T) string {
	t.Helper()
	real, err := exec.LookPath("ffmpeg")
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "ffmpeg")
	script := "#!/bin/sh\necho \"$*\" >> \"$0.log\"\ncase \"$*\" in *-copyts*) touch \"$0.hung\"; exec sleep 600;; esac\nexec " + real + " \"$@\"\n"
	require.NoError(t, os.WriteFile(path, []byte(script), 0o700)) //nolint:gosec // a test's executable
	return path
}
