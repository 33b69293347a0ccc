package media

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/services/transcode/internal/mediatest"
)

func TestTranscodeRejectsBadSources(t *testing.T) {
	mediatest.RequireTools(t)
	tests := []struct {
		name   string
		source func(t *testing.T) string
		clip   *Clip
		reason string // the start of SourceError.Reason
	}{
		{"text named .mp4", func(t *testing.T) string { return mediatest.TextFile(t, "notes.mp4") }, nil, "the file is not a video we can read"},
		{"truncated upload", func(t *testing.T) string { return mediatest.Truncated(t, clipWithAudio) }, nil, "the file is not a video we can read"},
		{"audio only", func(t *testing.T) string { return mediatest.AudioOnly(t, audioOnlyClips) }, nil, "source has no video stream"},
		{"20000x20000 frame", func(t *testing.T) string { return mediatest.HugeFrame(t) }, nil, "frame 20000x20000 is too large to decode"},
		{"cut after the index", func(t *testing.T) string { return mediatest.TruncatedAfterIndex(t, clipWithAudio) }, nil,
			"source is truncated or damaged: only 00:00:0"},
		{"clip after the end", func(t *testing.T) string { return mediatest.Clip(t, clipWithAudio) },
			&Clip{Start: 10 * time.Second, End: 20 * time.Second}, "clip starts at 00:00:10, after the source ends (00:00:06)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			transcoder, r := setup(t)
			job := r.job(tt.source(t))
			job.Clip = tt.clip
			_, err := transcoder.Transcode(context.Background(), job)
			var sourceErr *SourceError
			require.ErrorAs(t, err, &sourceErr)
			assert.True(t, strings.HasPrefix(sourceErr.Reason, tt.reason), "reason %q", sourceErr.Reason)
		})
	}
}

func TestInspect(t *testing.T) {
	transcoder, _ := setup(t)
	tests := []struct {
		name      string
		spec      mediatest.ClipSpec
		size      [2]int
		audio     bool
		spherical bool
	}{
		{"landscape with audio", clipWithAudio, [2]int{640, 360}, true, false},
		{"spherical", clipSpherical, [2]int{640, 360}, false, true},
		{"portrait phone video", clipPortrait, [2]int{360, 640}, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			info, err := transcoder.Inspect(context.Background(), mediatest.Clip(t, tt.spec))
			require.NoError(t, err)
			require.NotNil(t, info.Video)
			assert.Equal(t, tt.size, [2]int{info.Video.Width, info.Video.Height})
			assert.Equal(t, time.Duration(tt.spec.Seconds*float64(time.Second)), info.Duration)
			assert.Equal(t, 30.0, info.Video.FrameRate)
			assert.Equal(t, tt.audio, info.Audio != nil)
			assert.Equal(t, tt.spherical, info.Video.Spherical != nil)
		})
	}
}

func TestInspectAppliesLimits(t *testing.T) {
	mediatest.RequireTools(t)
	limits := DefaultLimits()
	limits.MaxDuration = 2 * time.Second
	transcoder := New(Config{Limits: limits})
	_, err := transcoder.Inspect(context.Background(), mediatest.Clip(t, clipSpherical))
	var sourceErr *SourceError
	require.ErrorAs(t, err, &sourceErr)
	assert.Equal(t, "duration 00:00:03 exceeds 00:00:02", sourceErr.Reason)
}
