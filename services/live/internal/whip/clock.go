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

const (
	// driftWindow is how long the audio clock watches its packets'
	// lateness before it corrects the track's time: long enough that one
	// packet in it likely came promptly (25 at 20 ms each), short enough
	// that a clock running 30 % slow stays within 0.3 s (the correction is
	// the window's least lateness, its first packet's on a slow clock:
	// it lags by up to two windows' drift).
	driftWindow = 500 * time.Millisecond
	// driftTolerance is how far the audio's stream time may be from its
	// arrival before it is corrected: network and scheduling jitter stay
	// under it, so a healthy publisher is never corrected.
	driftTolerance = 100 * time.Millisecond
)

// audioClock is the audio track's clock: its RTP time (trackClock), held
// to the arrival clock that the video follows. Video RTP times are capture
// times, on the publisher's system clock; audio RTP times count samples,
// on its sound device's clock or, in a browser whose page makes the
// sound, on how fast the renderer produced them: a headless Chromium short
// of CPU made 13 s less sound than a minute (measured in bench/live).
// Followed as they are, such times take the audio ever further behind the
// video, and the packagers wait for it (standard HLS through ffmpeg's
// interleaving, 17 s behind; LL-HLS parts lacking their audio).
//
// So each driftWindow, the least lateness of its packets (arrival minus
// stream time: the promptest packet, which met no queue) is the track's
// clock error; beyond driftTolerance the track's time moves by it, ahead
// when the publisher made too little sound (the session's ffmpeg fills
// the gap with silence), back when it made too much (ffmpeg trims the
// overlap). The video is never moved: its times stay the session's clock.
type audioClock struct {
	trackClock
	offset time.Duration // the corrections so far
	moves  int           // how many
	floor  time.Duration // the least lateness in the window
	until  time.Duration // the window's end, in arrival time
}

// time is the stream time of the packet with RTP timestamp ts that
// arrived at now (session time).
func (c *audioClock) time(ts uint32, now time.Duration) time.Duration {
	pts := c.trackClock.time(ts, func() time.Duration { return now }) + c.offset
	late := now - pts
	switch {
	case c.until == 0:
		c.floor, c.until = late, now+driftWindow
	case now >= c.until:
		if c.floor > driftTolerance || c.floor < -driftTolerance {
			c.offset += c.floor
			c.moves++
			pts += c.floor
			late -= c.floor
		}
		c.floor, c.until = late, now+driftWindow
	default:
		c.floor = min(c.floor, late)
	}
	return pts
}
