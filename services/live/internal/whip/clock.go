package whip

import "time"

// streamStart is the stream time of a session's first packet: a margin,
// as for MPEG-TS sources, so that audio a little ahead of the first
// keyframe stays above zero.
const streamStart = 10 * time.Second

// trackClock turns one track's RTP timestamps into stream time: the time
// its first packet arrived (relative to the session's first packet, so the
// tracks line up), plus the RTP time since then. RTP timestamps are 32
// bits and wrap (every 13 hours at 90 kHz); differences are taken modulo
// 2^32, so packets a little out of order go back a little in time instead
// of jumping ahead.
type trackClock struct {
	rate    int64 // RTP ticks per second
	base    time.Duration
	last    uint32
	ticks   int64 // since the first packet
	started bool
}

// time is the stream time of RTP timestamp ts; arrival gives the track's
// base at its first packet.
func (c *trackClock) time(ts uint32, arrival func() time.Duration) time.Duration {
	if !c.started {
		c.started, c.base, c.last = true, arrival(), ts
	}
	c.ticks += int64(int32(ts - c.last)) //nolint:gosec // the wrap is the point: a signed difference modulo 2^32
	c.last = ts
	return c.base + time.Duration(c.ticks*int64(time.Second)/c.rate)
}

// ticks90k is a stream time in the 90 kHz units of H.264 timestamps.
func ticks90k(d time.Duration) int64 { return int64(d) * 90000 / int64(time.Second) }
