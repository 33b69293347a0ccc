package media

import (
	"context"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// whipRecording is 3.3 s of what a headless Chromium sent over WHIP (a
// canvas at 30 fps), as the live service records it: MPEG-TS whose frames
// carry uneven millisecond capture times, r_frame_rate 90000, no average.
// The live pipeline's test replays the same bytes.
var whipRecording = filepath.Join("..", "..", "..", "live", "internal", "pipeline", "testdata", "chromium-whip.ts")

// A recording whose r_frame_rate is a time base goes through the ladder at
// its real rate: ffmpeg left alone made up 90000 frames a second.
func TestTranscodeUnevenFrameTimes(t *testing.T) {
	transcoder, r := setup(t)
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	result, err := transcoder.Transcode(ctx, r.job(whipRecording))
	require.NoError(t, err)
	mp4 := ffprobe(t, r.path(result.MP4))
	assert.InDelta(t, 3.3, mp4.duration(t), 0.2)
	for _, s := range mp4.Streams {
		if s.CodecType == "video" {
			frames, err := strconv.Atoi(s.NbFrames)
			require.NoError(t, err)
			assert.InDelta(t, 100, frames, 6, "about 3.3 s at 30 fps")
		}
	}
}

func TestUnevenFrameTimesPinTheRate(t *testing.T) {
	p := plan{video: VideoStream{Width: 640, Height: 360, RealFrameRate: 90000}}
	assert.Contains(t, strings.Join(keyframeArgs(p), " "), "-r:v 30")
	p.video.FrameRate = 25
	assert.Contains(t, strings.Join(keyframeArgs(p), " "), "-r:v 25", "the average, when the source gives one")
	p.video.RealFrameRate = 25
	assert.NotContains(t, strings.Join(keyframeArgs(p), " "), "-r:v", "a believable r_frame_rate is ffmpeg's own choice")
}
