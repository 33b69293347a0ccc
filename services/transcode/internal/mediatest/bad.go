package mediatest

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// TextFile writes a short text file under the given name (say "notes.mp4")
// in a fresh directory: something a user may upload by mistake.
func TextFile(t testing.TB, name string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte("this is not a video, just some notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// Truncated returns the first half of the clip spec describes. Its moov box
// was at the end, so nothing can read it: an interrupted upload.
func Truncated(t testing.TB, spec ClipSpec) string {
	t.Helper()
	return halfOf(t, Clip(t, spec))
}

// TruncatedAfterIndex returns the first half of the clip with its moov box
// moved to the front: probing succeeds and reports the full duration, but
// decoding stops half way.
func TruncatedAfterIndex(t testing.TB, spec ClipSpec) string {
	t.Helper()
	args := append([]string{"-i", Clip(t, spec)}, "-c", "copy", "-movflags", "+faststart")
	return halfOf(t, cached(t, "faststart", "", ".mp4", args, func(string) error { return nil }))
}

// AudioOnly returns an MP4 holding only an AAC tone: the API rejects these.
func AudioOnly(t testing.TB, seconds float64) string {
	t.Helper()
	duration := strconv.FormatFloat(seconds, 'f', -1, 64)
	args := []string{"-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=" + duration, "-c:a", "aac"}
	return cached(t, "audio", "", ".mp4", args, func(string) error { return nil })
}

func halfOf(t testing.TB, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	half := filepath.Join(t.TempDir(), "truncated.mp4")
	if err := os.WriteFile(half, data[:len(data)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	return half
}

// HugeFrame returns a YUV4MPEG file whose header announces 20000x20000
// frames, followed by a few bytes of the first one: FFmpeg refuses to open a
// frame that large, whatever the container.
func HugeFrame(t testing.TB) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "huge.y4m")
	data := append([]byte("YUV4MPEG2 W20000 H20000 F30:1 Ip A1:1 C420jpeg\nFRAME\n"), make([]byte, 4096)...)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
