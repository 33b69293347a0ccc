package whip

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestTrackClockUnwrapsAndReorders(t *testing.T) {
	c := &trackClock{rate: 90000}
	arrival := func() time.Duration { return streamStart }
	start := uint32(0xFFFFFF00)
	assert.Equal(t, streamStart, c.time(start, arrival))
	assert.Equal(t, streamStart+time.Second, c.time(start+90000, arrival), "across the wrap")
	assert.Equal(t, streamStart+89000*time.Second/90000, c.time(start+89000, arrival), "a late packet goes back")
}

// A track whose RTP clock runs 30 % slow (a starved renderer) is brought
// back to its arrival each window it is more than driftTolerance off, and
// one that runs fast is brought back too; jitter alone moves nothing.
func TestAudioClockFollowsTheArrivalClock(t *testing.T) {
	packet := 20 * time.Millisecond
	run := func(speed float64, jitter func(i int) time.Duration) (c *audioClock, worst time.Duration) {
		c = &audioClock{trackClock: trackClock{rate: 48000}}
		var ts uint32
		for i := range 500 { // 10 s of packets
			now := streamStart + time.Duration(i)*packet
			pts := c.time(ts, now+jitter(i))
			if i > 100 {
				worst = max(worst, (now - pts).Abs())
			}
			ts += uint32(960 * speed) //nolint:gosec // a test's small numbers
		}
		return c, worst
	}
	none := func(int) time.Duration { return 0 }
	slow, worst := run(0.7, none)
	assert.Positive(t, slow.moves)
	assert.Less(t, worst, driftTolerance+2*driftWindow*3/10, "a slow clock stays within a window's drift")
	fast, worst := run(1.3, none)
	assert.Positive(t, fast.moves)
	assert.Negative(t, fast.offset)
	assert.Less(t, worst, driftTolerance+2*driftWindow*3/10)
	// Bursts of late packets (every tenth on time) are jitter, not drift.
	steady, _ := run(1, func(i int) time.Duration { return time.Duration(i%10) * 40 * time.Millisecond })
	assert.Zero(t, steady.moves)
	assert.Zero(t, steady.offset)
}
