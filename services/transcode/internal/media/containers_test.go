package media

import (
	"context"
	"maps"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/services/transcode/internal/mediatest"
)

// TestContentDecidesNotTheName reads a clip in every container people
// upload (.webm, .ts, .3gp, .ogv...): the probe finds the video by its
// content, whatever the extension. Two of them, VP9 in WebM and MPEG-2 in
// MPEG-TS (whose timestamps do not start at zero), go through the whole
// ladder. About 30 s on two busy cores (the clips are cached after).
func TestContentDecidesNotTheName(t *testing.T) {
	transcoder, _ := setup(t)
	for _, ext := range slices.Sorted(maps.Keys(mediatest.Containers)) {
		t.Run(ext, func(t *testing.T) {
			info, err := transcoder.Inspect(context.Background(), mediatest.InContainer(t, ext, 1))
			require.NoError(t, err)
			require.NotNil(t, info.Video)
			assert.Equal(t, [2]int{176, 144}, [2]int{info.Video.Width, info.Video.Height})
			assert.InDelta(t, time.Second, info.Duration, float64(100*time.Millisecond))
		})
	}
	for _, ext := range []string{".webm", ".ts"} {
		t.Run(ext+" transcoded", func(t *testing.T) {
			transcoder, r := setup(t)
			result, err := transcoder.Transcode(context.Background(), r.job(mediatest.InContainer(t, ext, 1)))
			require.NoError(t, err)
			assert.InDelta(t, time.Second, result.Duration, float64(100*time.Millisecond))
			assert.InDelta(t, 1.0, ffprobe(t, r.path(result.MP4)).duration(t), 0.1)
		})
	}
}
