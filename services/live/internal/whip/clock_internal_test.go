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
