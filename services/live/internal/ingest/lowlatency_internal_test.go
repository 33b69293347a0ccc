package ingest

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// The stream is dated by when its connection's first unit arrived plus
// stream time, not by when a unit reaches the packager: RTMP's track
// analysis hands its first 2 s over at once.
func TestLowLatencyDatesTheStreamByItsArrival(t *testing.T) {
	since := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	ll := &lowLatency{}
	ll.connected(since)
	ll.at(10 * time.Second) // the first unit: an SRT source's clock starts at 10 s
	assert.Equal(t, since, ll.now())
	ll.at(12 * time.Second) // handed over at once with the first, sent 2 s later
	assert.Equal(t, since.Add(2*time.Second), ll.now())

	// A reconnection dates its own stream, whose clock starts anew.
	again := since.Add(time.Minute)
	ll.connected(again)
	ll.at(0)
	ll.at(time.Second)
	assert.Equal(t, again.Add(time.Second), ll.now())
}
