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
		{"8K", Info{Duration: minute, Video: video(7680, 4320, 30)}, ""},
		{"8K portrait", Info{Duration: minute, Video: video(4320, 7680, 60)}, ""},
		{"12 hours", Info{Duration: 12 * time.Hour, Video: video(640, 360, 30)}, ""},
		{"unknown frame rate", Info{Duration: minute, Video: video(640, 360, 0)}, ""},
		{"audio only", Info{Duration: minute, Audio: &AudioStream{}}, "source has no video stream"},
		{"still image", Info{StillImage: true, Video: video(640, 360, 25)}, "source is a still image, not a video"},
		{"huge frame", Info{Duration: minute, Video: video(20000, 20000, 30)}, "frame 20000x20000 exceeds 8192x8192"},
		{"too many pixels", Info{Duration: minute, Video: video(8192, 8192, 30)}, "frame 8192x8192 has more than 33177600 pixels"},
		{"tiny", Info{Duration: minute, Video: video(8, 8, 30)}, "frame 8x8 is smaller than 16x16"},
		{"no duration", Info{Video: video(640, 360, 30)}, "source has no playable duration"},
		{"too long", Info{Duration: 13 * time.Hour, Video: video(640, 360, 30)}, "duration 13:00:00 exceeds 12:00:00"},
		{"too fast", Info{Duration: minute, Video: video(640, 360, 240)}, "frame rate 240 fps exceeds 120 fps"},
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
