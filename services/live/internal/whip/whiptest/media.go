package whiptest

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"strconv"
	"time"
)

// Media is a stream to publish: raw H.264 (Annex B) at 25 fps with a
// keyframe every 2 s, and Opus in Ogg, one 20 ms packet per page.
type Media struct {
	H264, Ogg string
}

// captureGaps are the intervals the publisher sends frames at, in turn: a
// browser's frames carry their capture times, in milliseconds and uneven
// (these are a canvas capture's, as Chromium sent them), never a steady
// 40 ms. Their mean is 40 ms: Media's 25 fps. ffmpeg guessed 90000 fps from such
// times (pipeline.hlsArgs says what that cost).
var captureGaps = []time.Duration{26, 54, 21, 29, 51, 36, 44, 19, 45, 38, 43, 74}

// captureGap is the interval before frame n.
func captureGap(n int) time.Duration { return captureGaps[n%len(captureGaps)] * time.Millisecond }

// Generate writes seconds of a test stream into dir with ffmpeg: a
// 320x240 test pattern in constrained baseline without B-frames (what a
// browser sends) and a 440 Hz tone.
func Generate(ctx context.Context, dir string, seconds int) (Media, error) {
	m := Media{H264: filepath.Join(dir, "video.h264"), Ogg: filepath.Join(dir, "audio.ogg")}
	length := strconv.Itoa(seconds)
	video := []string{"-hide_banner", "-loglevel", "error", "-nostdin", "-y",
		"-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=" + length,
		"-c:v", "libx264", "-preset", "ultrafast", "-profile:v", "baseline", "-pix_fmt", "yuv420p",
		"-g", "50", "-bf", "0", "-x264-params", "slices=1:repeat-headers=1", "-f", "h264", m.H264}
	audio := []string{"-hide_banner", "-loglevel", "error", "-nostdin", "-y",
		"-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=" + length,
		"-c:a", "libopus", "-b:a", "64k", "-frame_duration", "20", "-page_duration", "20000", "-f", "ogg", m.Ogg}
	for _, args := range [][]string{video, audio} {
		cmd := exec.CommandContext(ctx, "ffmpeg", args...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			return Media{}, fmt.Errorf("whiptest: ffmpeg: %w: %s", err, stderr.String())
		}
	}
	return m, nil
}
