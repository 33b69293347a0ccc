package media

import (
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sure is an analysis the decision trusts: every sample frame, five rungs
// that each add plenty over the one below.
func sure(bitsPerPixel float64) *Analysis {
	return &Analysis{Frames: 90, Expected: 90, BitsPerPixel: bitsPerPixel, Gains: []float64{0.02, 0.02, 0.02, 0.02}}
}

func TestDecideLadderByComplexity(t *testing.T) {
	fixed := SelectRenditions(DefaultLadder(), 1920, 1080)
	cases := []struct {
		name     string
		analysis *Analysis
		step     string
		crf      int
		topCap   int // the 1080p rung's maxrate, kbit/s
		fallback bool
	}{
		{"a still slide", sure(0.002), "static", 21, 2675, false},
		{"flat animation", sure(0.02), "simple", 22, 3745, false},
		{"camera footage", sure(0.08), "moderate", 23, 4548, false},
		{"grain", sure(0.2), "busy", 24, 5350, false},
		{"noise: beyond the table", sure(0.5), "", fallbackCRF, 5350, true},
		{"a single frame for seconds", &Analysis{Frames: 1, Expected: 90, BitsPerPixel: 0.001, Gains: make([]float64, 4)}, "", fallbackCRF, 5350, true},
		{"nothing measured", &Analysis{Frames: 90, Expected: 90, Gains: make([]float64, 4)}, "", fallbackCRF, 5350, true},
		{"NaN", &Analysis{Frames: 90, Expected: 90, BitsPerPixel: math.NaN(), Gains: make([]float64, 4)}, "", fallbackCRF, 5350, true},
		{"metric missing a rung", &Analysis{Frames: 90, Expected: 90, BitsPerPixel: 0.02, Gains: []float64{0.1}}, "", fallbackCRF, 5350, true},
		{"too short", &Analysis{Fallback: "too short to sample"}, "", fallbackCRF, 5350, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := decideLadder(fixed, c.analysis)
			require.Len(t, got, len(fixed))
			assert.Equal(t, c.step, c.analysis.Step)
			assert.Equal(t, c.fallback, c.analysis.Fallback != "")
			assert.Equal(t, c.topCap, got[0].MaxRate)
			for i, r := range got {
				assert.Equal(t, c.crf, r.CRF)
				assert.LessOrEqual(t, r.MaxRate, fixed[i].MaxRate, "never above today's cap")
				assert.LessOrEqual(t, r.BufSize, fixed[i].BufSize)
				assert.Equal(t, fixed[i].Width, r.Width)
			}
		})
	}
}

func TestDecideLadderDropsTopRungsThatAddNothing(t *testing.T) {
	fixed := SelectRenditions(DefaultLadder(), 1920, 1080)
	cases := []struct {
		gains []float64
		top   string
	}{
		{[]float64{0.02, 0.02, 0.02, 0.02}, "1080p"},
		{[]float64{0.001, 0.02, 0.02, 0.02}, "720p"},
		{[]float64{0.001, 0.002, 0.02, 0.02}, "480p"},
		{[]float64{0.002, 0.0025, 0.02, 0.02}, "720p"}, // together the two top rungs add enough over 480p
		{[]float64{0, 0, 0, 0}, "240p"},                // a flat colour: the lowest rung stays
		{[]float64{math.NaN(), 0, 0, 0}, "1080p"},
	}
	for _, c := range cases {
		a := sure(0.02)
		a.Gains = c.gains
		got := decideLadder(fixed, a)
		assert.Equal(t, c.top, got[0].Name, "gains %v", c.gains)
		assert.Equal(t, "240p", got[len(got)-1].Name)
		assert.Equal(t, len(fixed)-len(got), a.Dropped)
	}
}

func TestSSIMScore(t *testing.T) {
	stats := []byte("n:1 Y:0.990000 U:0.980000 V:0.970000 All:0.985000 (18.2)\nn:2 Y:0.99 U:0.98 V:0.97 All:0.975000 (16.0)\n")
	score, err := SSIM{}.Score(stats)
	require.NoError(t, err)
	assert.InDelta(t, 0.98, score, 1e-9)
	_, err = SSIM{}.Score(nil)
	assert.Error(t, err)
}

func TestSampleStartsSpreadOverTheOutput(t *testing.T) {
	p := landscapePlan(t) // one minute
	assert.Equal(t, []string{"9.500", "29.500", "49.500"}, startsText(sampleStarts(p)))
	p = oddPlan(t) // the clip 1-3 s of an hour
	assert.Equal(t, []string{"1.000", "1.667", "2.333"}, startsText(sampleStarts(p)))
}

func startsText(starts []time.Duration) []string {
	out := make([]string, len(starts))
	for i, s := range starts {
		out[i] = secondsArg(s)
	}
	return out
}
