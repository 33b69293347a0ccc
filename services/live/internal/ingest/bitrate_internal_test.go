package ingest

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// The meter cuts a stream only after bitrateStrikes windows in a row above
// the limit plus its slack; a window back under the limit starts over.
func TestBitrateMeterCutsOnlyAStreamThatStaysAbove(t *testing.T) {
	t.Parallel()
	const limit = 6_000_000
	perWindow := func(bps int64) int64 { return bps * 10 / 8 } // bytes in a 10 s window
	m := &bitrateMeter{limit: limit, window: 10 * time.Second}
	steps := []struct {
		bps int64
		cut bool
	}{
		{6_500_000, false}, // within the 10 % slack: an encoder at the limit plus audio and framing
		{7_000_000, false}, // strike 1
		{7_000_000, false}, // strike 2
		{5_000_000, false}, // back under: strikes start over
		{9_000_000, false},
		{9_000_000, false},
		{9_000_000, true}, // third window in a row above
	}
	for i, s := range steps {
		bps, cut := m.observe(perWindow(s.bps))
		assert.Equal(t, s.bps, bps, "step %d", i)
		assert.Equal(t, s.cut, cut, "step %d", i)
	}
	unlimited := &bitrateMeter{window: 10 * time.Second}
	for range 5 {
		_, cut := unlimited.observe(perWindow(100_000_000))
		assert.False(t, cut, "no limit, no cut")
	}
}

func TestCutReasonNamesBothRates(t *testing.T) {
	t.Parallel()
	assert.Equal(t, "ended by the service: the stream's bitrate (9.1 Mbit/s) stayed above the plan's limit of 6 Mbit/s; lower the encoder's bitrate",
		cutReasonFor(9_100_000, 6_000_000))
}
