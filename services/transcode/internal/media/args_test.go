package media

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/golden"
)

func landscapePlan(t *testing.T) plan {
	info := Info{
		Duration: time.Minute,
		Video:    &VideoStream{Index: 0, Width: 1920, Height: 1080, FrameRate: 30},
		Audio:    &AudioStream{Index: 1, Channels: 2},
	}
	p, err := newPlan(info, Job{Source: "/work/in/source.mp4", OutDir: "/work/out"}, DefaultLadder())
	require.NoError(t, err)
	return p
}

// oddPlan has everything unusual at once: a clip of a portrait, interlaced,
// 100 fps, 360° source without audio.
func oddPlan(t *testing.T) plan {
	info := Info{
		Duration: time.Hour,
		Video: &VideoStream{Index: 2, Width: 1080, Height: 1920, FrameRate: 100, Interlaced: true,
			Spherical: &Spherical{Projection: "equirectangular"}},
	}
	clip := &Clip{Start: time.Second, End: 3 * time.Second}
	p, err := newPlan(info, Job{Source: "/work/in/source.mov", OutDir: "/work/out", Clip: clip}, DefaultLadder())
	require.NoError(t, err)
	return p
}

// croppedPlan is a source two pixels narrower than 16:9 (1918x1080): the
// renditions are 16:9, so the ladder first crops the source to that.
func croppedPlan(t *testing.T) plan {
	info := Info{
		Duration: time.Minute,
		Video:    &VideoStream{Index: 0, Width: 1918, Height: 1080, Aspect: Ratio{Width: 959, Height: 540}, FrameRate: 25},
	}
	p, err := newPlan(info, Job{Source: "/work/in/source.mp4", OutDir: "/work/out"}, DefaultLadder())
	require.NoError(t, err)
	return p
}

func TestGoldenLadderArgs(t *testing.T) {
	golden.Args(t, "ladder_1080p", ladderArgs(landscapePlan(t)))
	golden.Args(t, "ladder_cropped_to_16_9", ladderArgs(croppedPlan(t)))
	golden.Args(t, "ladder_clip_portrait_spherical_video_only", ladderArgs(oddPlan(t)))
}

func TestGoldenThumbnailArgs(t *testing.T) {
	golden.Args(t, "thumbnail_1080p", thumbnailArgs(landscapePlan(t)))
	golden.Args(t, "thumbnail_clip", thumbnailArgs(oddPlan(t)))
}

func TestGoldenSpriteArgs(t *testing.T) {
	sheet := DefaultSprite().layout(10 * time.Minute)
	golden.Args(t, "sprite_10min", spriteArgs("/work/out/mp4/720p.mp4", "/work/out/thumbs/sprite.jpg", sheet))
}
