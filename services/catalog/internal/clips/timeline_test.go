package clips

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
)

// streamStart is when the test stream started, on the wall clock.
var streamStart = time.Date(2026, 3, 1, 12, 0, 0, 188_000_000, time.UTC)

// livePlaylist writes a live media playlist as ffmpeg's HLS muxer does:
// segments numbered from first, the durations given, each stamped with the
// stream's start plus the durations before it (known says how long the
// segments before first lasted).
func livePlaylist(init string, first int, known float64, durations ...float64) string {
	var b strings.Builder
	fmt.Fprintf(&b, "#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:%d\n", first)
	fmt.Fprintf(&b, "#EXT-X-INDEPENDENT-SEGMENTS\n#EXT-X-MAP:URI=%q\n", init)
	at := known
	for i, d := range durations {
		date := streamStart.Add(time.Duration(at * float64(time.Second)))
		fmt.Fprintf(&b, "#EXTINF:%.6f,\n#EXT-X-PROGRAM-DATE-TIME:%s\n%05d.m4s\n", d, date.Format("2006-01-02T15:04:05.000-0700"), first+i)
		at += d
	}
	return b.String()
}

func twos(n int) []float64 {
	d := make([]float64, n)
	for i := range d {
		d[i] = 2
	}
	return d
}

// mustTimeline parses the variants' playlists.
func mustTimeline(t *testing.T, playlists map[string]string, order ...string) timeline {
	t.Helper()
	var variants []variant
	for _, uri := range order {
		p, err := parseMedia(playlists[uri])
		require.NoError(t, err)
		variants = append(variants, variant{uri: uri, playlist: p})
	}
	return newTimeline(variants)
}

// A live event 94 s in: both variants list segments 17-46 (its 60 s DVR
// window is 34-94 s). The last 20 s are segments 37-46 of each.
func TestClipOfTheLastSeconds(t *testing.T) {
	tl := mustTimeline(t, map[string]string{
		"source/index.m3u8": livePlaylist("init_0.mp4", 17, 34, twos(30)...),
		"360p/index.m3u8":   livePlaylist("init_1.mp4", 17, 34, twos(30)...),
	}, "source/index.m3u8", "360p/index.m3u8")
	from, to := tl.window()
	assert.InDelta(t, 34, from, 0.01)
	assert.InDelta(t, 94, to, 0.01)

	c, covered, err := tl.clip(span{Start: 74, End: 94})
	require.NoError(t, err)
	assert.Equal(t, span{Start: 74, End: 94}, covered)
	require.Len(t, c.Variants, 2)
	for i, v := range c.Variants {
		assert.Equal(t, []string{"source/index.m3u8", "360p/index.m3u8"}[i], v.Playlist)
		assert.Equal(t, fmt.Sprintf("init_%d.mp4", i), v.Init)
		require.Len(t, v.Segments, 10)
		assert.Equal(t, catalog.LiveSegment{Name: "00037.m4s", Duration: 2}, v.Segments[0])
		assert.Equal(t, "00046.m4s", v.Segments[9].Name)
	}
}

// Bounds between segment cuts widen to the segments they touch; a bound
// a frame past a cut does not take the neighbouring segment.
func TestClipSnapsOutwardToSegments(t *testing.T) {
	tl := mustTimeline(t, map[string]string{"v/index.m3u8": livePlaylist("init_0.mp4", 0, 0, twos(30)...)}, "v/index.m3u8")
	tests := []struct {
		asked, covered span
	}{
		{span{Start: 41, End: 59}, span{Start: 40, End: 60}},
		{span{Start: 40, End: 60}, span{Start: 40, End: 60}},
		{span{Start: 0, End: 1}, span{Start: 0, End: 2}},
		{span{Start: 57, End: 60}, span{Start: 56, End: 60}},
	}
	for _, tt := range tests {
		_, covered, err := tl.clip(tt.asked)
		require.NoError(t, err)
		assert.Equal(t, tt.covered, covered, "asked %v", tt.asked)
	}
}

// A bound outside the DVR window is refused, naming the field and saying
// where the window is now.
func TestClipOutsideTheWindow(t *testing.T) {
	tl := mustTimeline(t, map[string]string{"v/index.m3u8": livePlaylist("init_0.mp4", 17, 34, twos(30)...)}, "v/index.m3u8")
	tests := []struct {
		asked span
		field string
	}{
		{span{Start: 20, End: 40}, "start_seconds"},
		{span{Start: 80, End: 100}, "end_seconds"},
		{span{Start: 100, End: 110}, "start_seconds"},
	}
	for _, tt := range tests {
		_, _, err := tl.clip(tt.asked)
		var invalid *apperr.Invalid
		require.ErrorAs(t, err, &invalid, "asked %v", tt.asked)
		if tt.asked.Start < 94 {
			assert.Equal(t, tt.field, invalid.Field)
		}
		assert.Equal(t, "must be within the live DVR window, now 34-94 s from the start of the stream", invalid.Rule)
	}
}

// A publisher keyframing every 4 s makes 4 s source segments numbered
// apart from the 360p ones: each is still placed by its stamp, so both
// variants cover the clip (the source's widened to its longer segments).
func TestClipOfASourceWithALongerGOP(t *testing.T) {
	tl := mustTimeline(t, map[string]string{
		"source/index.m3u8": livePlaylist("init_0.mp4", 9, 36, 4, 4, 4, 4, 4, 4),
		"360p/index.m3u8":   livePlaylist("init_1.mp4", 18, 36, twos(12)...),
	}, "source/index.m3u8", "360p/index.m3u8")
	c, covered, err := tl.clip(span{Start: 42, End: 50})
	require.NoError(t, err)
	assert.Equal(t, span{Start: 40, End: 52}, covered, "the source's 4 s segments")
	assert.Equal(t, []catalog.LiveSegment{{Name: "00010.m4s", Duration: 4}, {Name: "00011.m4s", Duration: 4}, {Name: "00012.m4s", Duration: 4}}, c.Variants[0].Segments)
	assert.Equal(t, "00021.m4s", c.Variants[1].Segments[0].Name)
	assert.Equal(t, "00024.m4s", c.Variants[1].Segments[3].Name)
}

// The window is what every variant lists: one uploaded a segment ahead of
// the other does not widen it.
func TestWindowIsWhatEveryVariantLists(t *testing.T) {
	tl := mustTimeline(t, map[string]string{
		"source/index.m3u8": livePlaylist("init_0.mp4", 5, 10, twos(10)...),
		"360p/index.m3u8":   livePlaylist("init_1.mp4", 4, 8, twos(10)...),
	}, "source/index.m3u8", "360p/index.m3u8")
	from, to := tl.window()
	assert.InDelta(t, 10, from, 0.01)
	assert.InDelta(t, 28, to, 0.01)
}

func TestParseMedia(t *testing.T) {
	p, err := parseMedia(livePlaylist("init_0.mp4", 3, 6, 2, 1.966667))
	require.NoError(t, err)
	assert.Equal(t, "init_0.mp4", p.init)
	require.Len(t, p.segments, 2)
	second := p.segments[1]
	assert.Equal(t, segment{sequence: 4, name: "00004.m4s", duration: 1.966667}, segment{sequence: second.sequence, name: second.name, duration: second.duration})
	assert.True(t, streamStart.Add(8*time.Second).Equal(second.date), "stamped %s", second.date)
	_, err = parseMedia("#EXTM3U\n#EXTINF:2.0,\n00001.m4s\n")
	assert.Error(t, err, "no init segment")
	assert.Equal(t, []string{"source/index.m3u8", "360p/index.m3u8"},
		variantURIs("#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nsource/index.m3u8\n\n#EXT-X-STREAM-INF:BANDWIDTH=1\n360p/index.m3u8\n"))
}
