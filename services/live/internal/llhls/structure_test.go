package llhls_test

import (
	"bufio"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/services/live/internal/llhls"
	"github.com/vidhost/vidhost/services/live/internal/llhls/llhlstest"
)

// parsed is a media playlist as a player reads it.
type parsed struct {
	attrs    map[string]string // tag name -> value, for the header tags
	skipped  int
	segments []parsedSegment
	hint     string
}

type parsedSegment struct {
	date          time.Time
	discontinuity bool
	parts         []parsedPart
	duration      float64 // EXTINF; 0 while in progress
	uri           string
}

type parsedPart struct {
	duration    float64
	uri         string
	independent bool
}

func parsePlaylist(t *testing.T, text string) parsed {
	t.Helper()
	p := parsed{attrs: map[string]string{}}
	cur := &parsedSegment{}
	sc := bufio.NewScanner(strings.NewReader(text))
	for sc.Scan() {
		line := sc.Text()
		tag, value, _ := strings.Cut(line, ":")
		switch tag {
		case "#EXT-X-DISCONTINUITY":
			cur.discontinuity = true
		case "#EXT-X-PROGRAM-DATE-TIME":
			d, err := time.Parse(time.RFC3339Nano, value)
			require.NoError(t, err)
			cur.date = d
		case "#EXT-X-PART":
			a := attributes(value)
			cur.parts = append(cur.parts, parsedPart{duration: number(t, a["DURATION"]), uri: a["URI"], independent: a["INDEPENDENT"] == "YES"})
		case "#EXTINF":
			cur.duration = number(t, strings.TrimSuffix(value, ","))
		case "#EXT-X-PRELOAD-HINT":
			p.hint = attributes(value)["URI"]
		case "#EXT-X-SKIP":
			n, err := strconv.Atoi(attributes(value)["SKIPPED-SEGMENTS"])
			require.NoError(t, err)
			p.skipped = n
		default:
			if strings.HasPrefix(line, "#") {
				p.attrs[tag] = value
				continue
			}
			cur.uri = line
			p.segments = append(p.segments, *cur)
			cur = &parsedSegment{}
		}
	}
	if len(cur.parts) > 0 {
		p.segments = append(p.segments, *cur)
	}
	return p
}

func attributes(list string) map[string]string {
	out := map[string]string{}
	for _, kv := range strings.Split(list, ",") {
		k, v, _ := strings.Cut(kv, "=")
		out[k] = strings.Trim(v, `"`)
	}
	return out
}

func number(t *testing.T, s string) float64 {
	t.Helper()
	f, err := strconv.ParseFloat(s, 64)
	require.NoError(t, err)
	return f
}

// TestPlaylistStructure checks what hls.js and Safari rely on, for a
// publisher at exactly 30 fps and one at 29.97 fps through RTMP's
// millisecond clock: parts add up to their segment, a segment's first part
// is independent, no part exceeds PART-TARGET, dates advance with the
// media (but across a discontinuity), and the hint names the next part.
func TestPlaylistStructure(t *testing.T) {
	c := loadClip(t)
	for _, tt := range []struct {
		name string
		tm   llhlstest.Timing
	}{{"30fps", llhlstest.Exact30}, {"29.97fps_rtmp", llhlstest.RTMP2997}} {
		t.Run(tt.name, func(t *testing.T) {
			m := newMuxer(t, c, llhls.Config{})
			c.Feed(t, m, tt.tm, 0, 21*time.Second)
			p := parsePlaylist(t, playlist(t, m, llhls.PlaylistRequest{}))
			checkStructure(t, p)
		})
	}
}

func checkStructure(t *testing.T, p parsed) {
	target := number(t, p.attrs["#EXT-X-TARGETDURATION"])
	partTarget := number(t, attributes(p.attrs["#EXT-X-PART-INF"])["PART-TARGET"])
	control := attributes(p.attrs["#EXT-X-SERVER-CONTROL"])
	assert.Equal(t, "YES", control["CAN-BLOCK-RELOAD"])
	assert.GreaterOrEqual(t, number(t, control["PART-HOLD-BACK"]), 3*partTarget-1e-9)
	assert.GreaterOrEqual(t, number(t, control["CAN-SKIP-UNTIL"]), 6*target)
	require.NotEmpty(t, p.segments)
	lastPart := -1
	for i, seg := range p.segments {
		if seg.duration > 0 {
			assert.LessOrEqual(t, math.Round(seg.duration), target, "EXTINF %d rounds within the target duration", i)
		}
		if i > 0 && p.segments[i-1].duration > 0 && !seg.discontinuity {
			gap := seg.date.Sub(p.segments[i-1].date).Seconds()
			assert.InDelta(t, p.segments[i-1].duration, gap, 0.002, "segment %d's date follows the one before", i)
		}
		if len(seg.parts) == 0 {
			continue
		}
		assert.True(t, seg.parts[0].independent, "segment %d starts with an independent part", i)
		sum := 0.0
		for _, part := range seg.parts {
			assert.LessOrEqual(t, part.duration, partTarget)
			sum += part.duration
			n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(part.uri, "part"), ".mp4"))
			require.NoError(t, err)
			if lastPart >= 0 {
				assert.Equal(t, lastPart+1, n, "parts are numbered in order")
			}
			lastPart = n
		}
		if seg.duration > 0 {
			assert.InDelta(t, seg.duration, sum, 0.0001, "segment %d is the sum of its parts", i)
		}
	}
	assert.Equal(t, "part"+strconv.Itoa(lastPart+1)+".mp4", p.hint)
}

// TestDeltaUpdateMergesIntoThePlaylist: a client that keeps the segments
// it had and replaces the skipped ones gets the full playlist back.
func TestDeltaUpdateMergesIntoThePlaylist(t *testing.T) {
	c := loadClip(t)
	m := newMuxer(t, c, llhls.Config{})
	c.feed(t, m, 0, 30*time.Second)
	full := parsePlaylist(t, playlist(t, m, llhls.PlaylistRequest{}))
	delta := parsePlaylist(t, playlist(t, m, llhls.PlaylistRequest{Skip: true}))
	require.Positive(t, delta.skipped)
	assert.Equal(t, full.attrs["#EXT-X-MEDIA-SEQUENCE"], delta.attrs["#EXT-X-MEDIA-SEQUENCE"])
	assert.Equal(t, full.segments[delta.skipped:], delta.segments)
	// What remains covers at least CAN-SKIP-UNTIL (12 s), as the spec asks.
	kept := 0.0
	for _, seg := range delta.segments {
		kept += seg.duration
	}
	assert.GreaterOrEqual(t, kept, 12.0)
}
