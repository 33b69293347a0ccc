package mediatest

import (
	"fmt"
	"strconv"
	"testing"
)

// Content is a synthetic source of a given difficulty for the adaptive
// ladder: what a test asks of its analysis.
type Content string

// The contents, easiest first.
const (
	Slide       Content = "slide"        // one static slide of text
	StillFrame  Content = "still-frame"  // a single frame stored once and shown for the whole length
	Noise       Content = "noise"        // pure noise: nothing compresses
	VariableFPS Content = "variable-fps" // frames at irregular intervals (a phone's variable frame rate)
	HDR10       Content = "hdr10"        // 10-bit HEVC tagged PQ/BT.2020, as HDR phones record
)

// Source returns a width x height clip of the content, seconds long,
// without audio, generating it on first use.
func Source(t testing.TB, content Content, width, height int, seconds float64) string {
	t.Helper()
	size := fmt.Sprintf("%dx%d", width, height)
	length := strconv.FormatFloat(seconds, 'f', -1, 64)
	h264 := []string{"-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"}
	var args []string
	switch content {
	case Slide:
		args = append([]string{"-f", "lavfi", "-i", "color=c=white:s=" + size + ":r=30:d=" + length,
			"-vf", "drawbox=x=iw/8:y=ih/8:w=iw*3/4:h=ih/10:c=black:t=fill,drawbox=x=iw/8:y=ih/3:w=iw/2:h=ih/20:c=gray:t=fill"}, h264...)
	case StillFrame:
		// the first frame and the last, nothing between: a still for the whole length
		args = []string{"-f", "lavfi", "-i", "testsrc2=s=" + size + ":r=30:d=" + length,
			"-vf", "select='eq(n\\,0)+eq(n\\,30*" + length + "-1)'", "-fps_mode", "vfr", "-c:v", "libx264", "-pix_fmt", "yuv420p"}
	case Noise:
		args = append([]string{"-f", "lavfi", "-i", "color=c=gray:s=" + size + ":r=30:d=" + length, "-vf", "noise=alls=100:allf=t+u"}, h264...)
	case VariableFPS:
		args = append([]string{"-f", "lavfi", "-i", "testsrc2=s=" + size + ":r=60:d=" + length,
			"-vf", "select='not(mod(n\\,3))+not(mod(n\\,7))'", "-fps_mode", "vfr"}, h264...)
	case HDR10:
		args = []string{"-f", "lavfi", "-i", "testsrc2=s=" + size + ":r=30:d=" + length,
			"-c:v", "libx265", "-preset", "ultrafast", "-pix_fmt", "yuv420p10le", "-tag:v", "hvc1",
			"-color_primaries", "bt2020", "-color_trc", "smpte2084", "-colorspace", "bt2020nc",
			"-x265-params", "log-level=error"}
	default:
		t.Fatalf("mediatest: no content %q", content)
	}
	return cached(t, "content", string(content)+" "+size+" "+length, ".mp4", args, func(string) error { return nil })
}

// SceneCut returns a width x height clip with a 440 Hz tone, seconds long
// at 29.97 fps, whose picture changes completely at cut seconds (testsrc2,
// then testsrc): a scene change, to put at a chunk edge. 29.97 fps on
// purpose: its frames never fall on the 2 s keyframe grid, so a chunk must
// start on the first frame after a grid instant, as a one-process run's
// keyframe does.
func SceneCut(t testing.TB, width, height int, seconds, cut float64) string {
	t.Helper()
	size := fmt.Sprintf("%dx%d", width, height)
	length := func(s float64) string { return strconv.FormatFloat(s, 'f', -1, 64) }
	scenes := fmt.Sprintf("testsrc2=s=%s:r=30000/1001:d=%s[a];testsrc=s=%s:r=30000/1001:d=%s[b];[a][b]concat=n=2:v=1:a=0",
		size, length(cut), size, length(seconds-cut))
	args := []string{
		"-f", "lavfi", "-i", scenes,
		"-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=" + length(seconds),
		"-map", "0:v", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-g", "30",
		"-map", "1:a", "-c:a", "aac", "-b:a", "96k",
	}
	return cached(t, "scene-cut", "", ".mp4", args, func(string) error { return nil })
}
