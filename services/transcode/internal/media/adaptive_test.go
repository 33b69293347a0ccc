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
	return &Analysis{Frames: 45, Expected: 45, BitsPerPixel: bitsPerPixel, Gains: []float64{0.02, 0.02, 0.02, 0.02}}
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
		av1      av1Rate
	}{
		{"a still slide", sure(0.008), "static", 21, 2675, false, complexityTable[0].av1},
		{"flat animation", sure(0.05), "simple", 22, 3745, false, complexityTable[1].av1},
		{"busy shapes", sure(0.21), "moderate", 23, 4280, false, complexityTable[2].av1},
		{"grain", sure(0.32), "busy", 23, 3745, false, complexityTable[3].av1},
		{"noise: beyond the table", sure(3), "", 0, 5350, true, av1NotForNoise},
		{"a single frame for seconds", &Analysis{Frames: 1, Expected: 45, BitsPerPixel: 0.001, Gains: make([]float64, 4)}, "", 0, 5350, true, av1Fixed},
		{"nothing measured", &Analysis{Frames: 45, Expected: 45, Gains: make([]float64, 4)}, "", 0, 5350, true, av1Fixed},
		{"NaN", &Analysis{Frames: 45, Expected: 45, BitsPerPixel: math.NaN(), Gains: make([]float64, 4)}, "", 0, 5350, true, av1Fixed},
		{"metric missing a rung", &Analysis{Frames: 45, Expected: 45, BitsPerPixel: 0.02, Gains: []float64{0.1}}, "", 0, 5350, true, av1Fixed},
		{"too short", &Analysis{Fallback: "too short to sample"}, "", 0, 5350, true, av1Fixed},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, av1 := decideLadder(fixed, c.analysis)
			require.Len(t, got, len(fixed))
			assert.Equal(t, c.av1, av1)
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
		{[]float64{0.0005, 0.001, 0.02, 0.02}, "480p"},
		{[]float64{0.001, 0.0015, 0.02, 0.02}, "720p"}, // together the two top rungs add enough over 480p
		{[]float64{0.003, 0, 0, 0}, "1080p"},           // text: 1080p is sharper than 720p scaled up
		{[]float64{0, 0, 0, 0}, "240p"},                // a flat colour: the lowest rung stays
		{[]float64{math.NaN(), 0, 0, 0}, "1080p"},
	}
	for _, c := range cases {
		a := sure(0.02)
		a.Gains = c.gains
		got, _ := decideLadder(fixed, a)
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
	assert.Equal(t, []string{"9.750", "29.750", "49.750"}, startsText(sampleStarts(p)))
	p = oddPlan(t) // the clip 1-3 s of an hour
	assert.Equal(t, []string{"1.083", "1.750", "2.417"}, startsText(sampleStarts(p)))
}

// Heavy sources get shorter samples: decoding them is the analysis's cost.
func TestSamplesShortenWithTheSourcesBitrate(t *testing.T) {
	p := landscapePlan(t)
	for bitRate, want := range map[int64]time.Duration{
		0:           500 * time.Millisecond, // unknown: the longest
		8_000_000:   500 * time.Millisecond, // a phone's or less
		20_000_000:  250 * time.Millisecond,
		127_000_000: 200 * time.Millisecond, // a camera's intermediate: the shortest
	} {
		p.bitRate = bitRate
		assert.Equal(t, want, p.sampleLength(), "%d bit/s", bitRate)
	}
	p.bitRate = 20_000_000
	assert.Equal(t, []string{"9.875", "29.875", "49.875"}, startsText(sampleStarts(p)), "still centred")
}

func startsText(starts []time.Duration) []string {
	out := make([]string, len(starts))
	for i, s := range starts {
		out[i] = secondsArg(s)
	}
	return out
}
