package mediatest

import (
	"strconv"
	"testing"
)

// Containers are the file extensions people upload besides .mp4, each with
// the video codec such files usually hold, as ffmpeg names its encoder.
// H.263 takes only a few frame sizes (176x144 among them), so every clip is
// that size.
var Containers = map[string]string{
	".webm": "libvpx-vp9",
	".m4v":  "libx264",
	".avi":  "mpeg4",
	".flv":  "flv",
	".ts":   "mpeg2video",
	".3gp":  "h263",
	".ogv":  "libtheora",
	".mov":  "libx264",
	".mkv":  "libx264",
	".wmv":  "wmv2",
	".mpg":  "mpeg1video",
}

// InContainer returns a 176x144 clip of the given length in the container of
// ext (a key of Containers), ffmpeg choosing the container by the extension
// as it does for a person converting a file.
func InContainer(t testing.TB, ext string, seconds int) string {
	t.Helper()
	codec, ok := Containers[ext]
	if !ok {
		t.Fatalf("mediatest: no container for %q", ext)
	}
	args := []string{
		"-f", "lavfi", "-i", "testsrc2=size=176x144:rate=25:duration=" + strconv.Itoa(seconds),
		"-c:v", codec, "-pix_fmt", "yuv420p",
	}
	return cached(t, "container", ext, ext, args, func(string) error { return nil })
}
