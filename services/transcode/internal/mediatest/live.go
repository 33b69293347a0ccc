package mediatest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// LiveHLS writes, into a new temporary folder, the live HLS tree the live
// service's pipeline writes for a publisher (services/live/internal/pipeline:
// 2 s CMAF segments of two variants, "source" copied and "360p" encoded
// with a keyframe every 2 s, EXT-X-PROGRAM-DATE-TIME, a master playlist)
// from spec's clip, and returns the folder: master.m3u8 and
// <variant>/{index.m3u8,init_<n>.mp4,NNNNN.m4s}. The whole stream stays
// listed (no sliding window), which is all instant-clip tests need of it.
func LiveHLS(t testing.TB, spec ClipSpec) string {
	t.Helper()
	ffmpeg := requireFFmpeg(t)
	source := Clip(t, spec)
	dir := t.TempDir()
	args := []string{"-nostdin", "-hide_banner", "-loglevel", "error", "-y", "-i", source,
		"-map", "0:v:0", "-map", "0:a:0", "-map", "0:v:0", "-map", "0:a:0",
		"-c:v:0", "copy", "-c:a:0", "aac",
		"-filter:v:1", "scale=-2:360,format=yuv420p", "-c:v:1", "libx264", "-preset:v:1", "ultrafast",
		"-force_key_frames:v:1", "expr:gte(t,n_forced*2)", "-sc_threshold:v:1", "0", "-c:a:1", "aac",
		"-f", "hls", "-hls_time", "2", "-hls_list_size", "0", "-hls_segment_type", "fmp4",
		"-hls_flags", "independent_segments+program_date_time",
		"-master_pl_name", "master.m3u8", "-var_stream_map", "v:0,a:0,name:source v:1,a:1,name:360p",
		"-hls_fmp4_init_filename", "init.mp4",
		"-hls_segment_filename", filepath.Join(dir, "%v", "%05d.m4s"), filepath.Join(dir, "%v", "index.m3u8")}
	if out, err := exec.Command(ffmpeg, args...).CombinedOutput(); err != nil {
		t.Fatalf("mediatest: live HLS: %v\n%s", err, out)
	}
	return dir
}

// LiveFiles lists the files of a LiveHLS tree, relative to it, slash-separated.
func LiveFiles(t testing.TB, dir string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		files = append(files, filepath.ToSlash(rel))
		return err
	})
	if err != nil {
		t.Fatalf("mediatest: %v", err)
	}
	return files
}

// Segments are the media segments a LiveHLS variant playlist lists, in order.
func Segments(t testing.TB, playlist string) []string {
	t.Helper()
	body, err := os.ReadFile(playlist) //nolint:gosec // a test's own file
	if err != nil {
		t.Fatalf("mediatest: %v", err)
	}
	var names []string
	for line := range strings.Lines(string(body)) {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			names = append(names, line)
		}
	}
	return names
}
