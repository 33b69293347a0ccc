package media

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLimitsCheck(t *testing.T) {
	video := func(width, height int, fps float64) *VideoStream {
		return &VideoStream{Width: width, Height: height, FrameRate: fps}
	}
	minute := time.Minute
	tests := []struct {
		name   string
		info   Info
		reason string // "" when accepted
	}{
		{"1080p", Info{Duration: minute, Video: video(1920, 1080, 30)}, ""},
		{"4K UHD", Info{Duration: minute, Video: video(3840, 2160, 60)}, ""},
		{"DCI 4K", Info{Duration: minute, Video: video(4096, 2160, 24)}, ""},
		{"4K portrait", Info{Duration: minute, Video: video(2160, 3840, 30)}, ""},
		{"59.94 fps", Info{Duration: minute, Video: video(1920, 1080, 60000.0/1001)}, ""},
		{"4 hours", Info{Duration: 4 * time.Hour, Video: video(640, 360, 30)}, ""},
		{"unknown frame rate", Info{Duration: minute, Video: video(640, 360, 0)}, ""},
		{"16 streams, 400 Mb/s", Info{Duration: minute, Video: video(640, 360, 30), Streams: 16, BitRate: 400_000_000}, ""},
		{"audio only", Info{Duration: minute, Audio: &AudioStream{}}, "source has no video stream"},
		{"still image", Info{StillImage: true, Video: video(640, 360, 25)}, "source is a still image, not a video"},
		{"huge frame", Info{Duration: minute, Video: video(20000, 20000, 30)}, "frame 20000x20000 exceeds 4096x4096"},
		{"8K", Info{Duration: minute, Video: video(7680, 4320, 30)}, "frame 7680x4320 exceeds 4096x4096"},
		{"too many pixels", Info{Duration: minute, Video: video(4096, 4096, 30)}, "frame 4096x4096 has more than 9437184 pixels"},
		{"tiny", Info{Duration: minute, Video: video(8, 8, 30)}, "frame 8x8 is smaller than 16x16"},
		{"no duration", Info{Video: video(640, 360, 30)}, "source has no playable duration"},
		{"too long", Info{Duration: 4*time.Hour + time.Second, Video: video(640, 360, 30)}, "duration 04:00:01 exceeds 04:00:00"},
		{"120 fps", Info{Duration: minute, Video: video(640, 360, 120)}, "frame rate 120 fps exceeds 60 fps"},
		{"too many streams", Info{Duration: minute, Video: video(640, 360, 30), Streams: 17}, "source has 17 streams, more than 16"},
		{"bit rate", Info{Duration: minute, Video: video(640, 360, 30), BitRate: 500_000_000}, "bit rate 500000 kb/s exceeds 400000 kb/s"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := DefaultLimits().Check(tt.info)
			if tt.reason == "" {
				assert.NoError(t, err)
				return
			}
			var sourceErr *SourceError
			require.ErrorAs(t, err, &sourceErr)
			assert.Equal(t, tt.reason, sourceErr.Reason)
		})
	}
}

func TestConfigFillsSingleFields(t *testing.T) {
	transcoder := New(Config{Limits: Limits{MaxDuration: time.Hour}, Sprite: SpriteConfig{Columns: 5}})
	want := DefaultLimits()
	want.MaxDuration = time.Hour
	assert.Equal(t, want, transcoder.cfg.Limits)
	assert.Equal(t, 5, transcoder.cfg.Sprite.Columns)
	assert.Equal(t, DefaultSprite().TileWidth, transcoder.cfg.Sprite.TileWidth)
	assert.Equal(t, "ffmpeg", transcoder.cfg.FFmpeg)
}
