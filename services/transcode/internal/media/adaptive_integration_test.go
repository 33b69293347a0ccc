package media

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/services/transcode/internal/mediatest"
)

// adaptiveJob transcodes source with the adaptive ladder and checks what
// every adaptive ladder must be: never a cap above the fixed ladder's,
// progress monotonic, a master playlist published while encoding, and
// bandwidths in it that are the segments' own.
func adaptiveJob(t *testing.T, source string) (Result, *run) {
	t.Helper()
	transcoder, r := setup(t)
	job := r.job(source)
	job.Adaptive = true
	result, err := transcoder.Transcode(context.Background(), job)
	require.NoError(t, err)
	require.NotNil(t, result.Analysis)
	require.NotEmpty(t, result.Renditions)
	fixed := map[string]Rung{}
	for _, rung := range DefaultLadder() {
		fixed[rung.Name] = rung
	}
	lowest := DefaultLadder()[len(DefaultLadder())-1]
	for _, rendition := range result.Renditions {
		cap, ok := fixed[rendition.Name]
		if !ok {
			cap = lowest // a source below the lowest box keeps the lowest rung's caps
		}
		assert.LessOrEqual(t, rendition.MaxRate, cap.MaxRate, rendition.Name)
		assert.LessOrEqual(t, rendition.BufSize, cap.BufSize, rendition.Name)
	}
	assertProgress(t, r.progress)
	assert.Contains(t, r.progress, 1, "the analysis is a step of its own")
	masterAt := slices.IndexFunc(r.files, func(f File) bool { return f.Path == MasterPlaylist })
	downloadAt := slices.IndexFunc(r.files, func(f File) bool { return f.Kind == KindDownload })
	assert.Less(t, masterAt, downloadAt, "the master playlist is published before the ladder ends")
	assertDeclaresMeasured(t, r, result)
	return result, r
}

var streamInf = regexp.MustCompile(`#EXT-X-STREAM-INF:BANDWIDTH=(\d+),AVERAGE-BANDWIDTH=(\d+)`)

// assertDeclaresMeasured checks each variant of a video-only ladder
// declares what its segments use: AVERAGE-BANDWIDTH their mean, BANDWIDTH
// at least that and no more than the rung's cap over one segment allows.
func assertDeclaresMeasured(t *testing.T, r *run, result Result) {
	t.Helper()
	master, err := os.ReadFile(r.path(MasterPlaylist))
	require.NoError(t, err)
	declared := streamInf.FindAllStringSubmatch(string(master), -1)
	require.Len(t, declared, len(result.Renditions))
	for i, rendition := range result.Renditions {
		segments, err := filepath.Glob(r.path("stream/seg-" + strconv.Itoa(i) + "-*.m4s"))
		require.NoError(t, err)
		var bytes int64
		for _, s := range segments {
			info, err := os.Stat(s)
			require.NoError(t, err)
			bytes += info.Size()
		}
		peak, _ := strconv.Atoi(declared[i][1])
		average, _ := strconv.Atoi(declared[i][2])
		mean := float64(bytes*8) / playlistSeconds(t, r.path(mediaPlaylistPath(strconv.Itoa(i))))
		assert.InDelta(t, mean, float64(average), mean*0.05+1, "rung %s declares its mean", rendition.Name)
		assert.GreaterOrEqual(t, peak, average, rendition.Name)
		// the VBV lets one 2 s segment hold its buffer on top of 2 s at the cap
		// (and 5% for the fragments' boxes)
		assert.LessOrEqual(t, peak, (rendition.MaxRate*2+rendition.BufSize)*1000/2*105/100, rendition.Name)
	}
}

var extinf = regexp.MustCompile(`#EXTINF:([0-9.]+),`)

// playlistSeconds adds up a media playlist's segment durations.
func playlistSeconds(t *testing.T, path string) float64 {
	t.Helper()
	data, err := os.ReadFile(path) //nolint:gosec // the test's own output
	require.NoError(t, err)
	total := 0.0
	for _, m := range extinf.FindAllStringSubmatch(string(data), -1) {
		seconds, err := strconv.ParseFloat(m[1], 64)
		require.NoError(t, err)
		total += seconds
	}
	require.Positive(t, total)
	return total
}

func TestAdaptiveLadderSpendsLessOnASlideThanOnNoise(t *testing.T) {
	slide, _ := adaptiveJob(t, mediatest.Source(t, mediatest.Slide, 854, 480, 7))
	noise, _ := adaptiveJob(t, mediatest.Source(t, mediatest.Noise, 854, 480, 7))
	t.Logf("slide: %+v", *slide.Analysis)
	t.Logf("noise: %+v", *noise.Analysis)
	assert.Empty(t, slide.Analysis.Fallback)
	fewer := len(slide.Renditions) < len(noise.Renditions)
	lower := slide.Renditions[0].MaxRate < noise.Renditions[0].MaxRate
	assert.True(t, fewer || lower, "slide %v, noise %v", slide.Renditions, noise.Renditions)
}

// TestAdaptiveLadderSurvivesSourcesThatDefeatAnalysis: each still makes a
// whole ladder within today's caps, the unreadable ones the fixed ladder.
func TestAdaptiveLadderSurvivesSourcesThatDefeatAnalysis(t *testing.T) {
	cases := []struct {
		name     string
		source   func(t *testing.T) string
		fallback string // a word of the reason the fixed caps were kept, or "" for any decision
	}{
		{"one second", func(t *testing.T) string {
			return mediatest.Clip(t, mediatest.ClipSpec{Width: 640, Height: 360, Seconds: 1})
		}, "short"},
		{"a single frame for seconds", func(t *testing.T) string { return mediatest.Source(t, mediatest.StillFrame, 640, 360, 7) }, "frames"},
		{"pure noise", func(t *testing.T) string { return mediatest.Source(t, mediatest.Noise, 640, 360, 7) }, "busier"},
		{"variable frame rate", func(t *testing.T) string { return mediatest.Source(t, mediatest.VariableFPS, 640, 360, 7) }, ""},
		{"10-bit HDR HEVC", func(t *testing.T) string { return mediatest.Source(t, mediatest.HDR10, 640, 360, 7) }, "HDR"},
		{"rotated phone video", func(t *testing.T) string {
			return mediatest.Clip(t, mediatest.ClipSpec{Width: 640, Height: 360, Seconds: 7, Rotate: 90})
		}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			result, _ := adaptiveJob(t, c.source(t))
			t.Logf("%+v", *result.Analysis)
			if c.fallback != "" {
				assert.Contains(t, result.Analysis.Fallback, c.fallback)
				for _, r := range result.Renditions {
					assert.Zero(t, r.CRF, "the fixed ladder as it is")
				}
			}
			if c.name == "rotated phone video" {
				assert.Less(t, result.Renditions[0].Width, result.Renditions[0].Height, "portrait")
			}
		})
	}
}

func TestAdaptiveIsOffByDefault(t *testing.T) {
	transcoder, r := setup(t)
	result, err := transcoder.Transcode(context.Background(), r.job(mediatest.Clip(t, clipPortrait)))
	require.NoError(t, err)
	assert.Nil(t, result.Analysis)
	for _, rendition := range result.Renditions {
		assert.Zero(t, rendition.CRF, "the fixed ladder's average bitrates")
	}
}
