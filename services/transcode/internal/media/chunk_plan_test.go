package media

import (
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

const ntsc = 30000.0 / 1001

func TestPlanChunks(t *testing.T) {
	const s = time.Second
	cfg := ChunkConfig{Threshold: 2 * time.Minute, Length: 30 * s}
	tests := []struct {
		name   string
		length time.Duration
		rate   float64
		cfg    ChunkConfig
		want   []Chunk
	}{
		{"under the threshold: one chunk", 90 * s, 30, cfg, chunksAt(90*s, 0)},
		{"at the threshold: one chunk", 2 * time.Minute, 30, cfg, chunksAt(2*time.Minute, 0)},
		{"five minutes: ten of 30 s", 5 * time.Minute, 30, cfg, chunksAt(5*time.Minute, 0, 30*s, 60*s, 90*s, 120*s, 150*s, 180*s, 210*s, 240*s, 270*s)},
		{"a short last chunk", 140 * s, 25, cfg, chunksAt(140*s, 0, 30*s, 60*s, 90*s, 120*s)},
		{"a remainder under half a chunk joins the last", 125 * s, 30, cfg, chunksAt(125*s, 0, 30*s, 60*s, 90*s)},
		{"a length off the grid is rounded to whole segments", 45 * s, 30, ChunkConfig{Length: 9 * s}, chunksAt(45*s, 0, 10*s, 20*s, 30*s, 40*s)},
		{"the tail of a 29.97 fps source", 40*s + 40*time.Millisecond, ntsc, ChunkConfig{Length: 10 * s}, chunksAt(40*s+40*time.Millisecond, 0, 10*s, 20*s, 30*s)},
		{
			// at 29.97 fps the keyframes of 32 s and 34 s are 59 frames apart:
			// one segment, 32-36 s, so the chunk starts at 36 s, segment 18
			"29.97 fps: an edge where no segment starts moves to the next",
			60 * s, ntsc, ChunkConfig{Length: 34 * s},
			[]Chunk{{Index: 0, Start: 0, End: 36 * s, FirstSegment: 1}, {Index: 1, Start: 36 * s, End: 60 * s, FirstSegment: 18}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, planChunks(tt.length, tt.rate, tt.cfg))
		})
	}
}

// chunksAt are chunks starting at starts, the last ending at end, at an
// integer frame rate: a segment starts every 2 s.
func chunksAt(end time.Duration, starts ...time.Duration) []Chunk {
	out := make([]Chunk, len(starts))
	for i, start := range starts {
		out[i] = Chunk{Index: i, Start: start, End: end, FirstSegment: int(start/(2*time.Second)) + 1}
		if i > 0 {
			out[i-1].End = start
		}
	}
	return out
}

// TestSegmentStarts: at 29.97 fps the DASH muxer skips a grid instant every
// 33 s or so (the keyframes 59 frames apart share a segment); at integer
// rates it starts one at every instant.
func TestSegmentStarts(t *testing.T) {
	ntscStarts := segmentStarts(70*time.Second, ntsc)
	assert.Len(t, ntscStarts, 33)
	assert.NotContains(t, ntscStarts, 34*time.Second)
	assert.NotContains(t, ntscStarts, 68*time.Second)
	assert.Contains(t, ntscStarts, 36*time.Second)
	for _, rate := range []float64{24, 25, 30, 50, 60} {
		starts := segmentStarts(70*time.Second, rate)
		assert.Len(t, starts, 35, "%g fps", rate)
		assert.True(t, slices.IsSorted(starts))
	}
}
