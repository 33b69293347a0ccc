package llhls

import "time"

// timeline maps the ingest's stream times to the tracks' timescales. Its
// origin is the first keyframe's decode time, so the fMP4 decode times
// start at zero: the ingest's clock may start anywhere (an SRT source's is
// rebased to 10 s).
type timeline struct {
	started bool
	origin  time.Duration
	// first is the first keyframe's decode time: audio before it is
	// dropped (after a Restart the origin lies before it).
	first time.Duration
	// wallStart is the wall clock when the first keyframe arrived: a
	// segment's EXT-X-PROGRAM-DATE-TIME is it plus the segment's stream
	// time, so the dates advance exactly with the media and a player's
	// latency measured against them is the publisher-to-screen delay.
	wallStart time.Time
}

// start sets the origin at dts, the first keyframe's, so that it falls at
// at (90 kHz ticks: zero at the stream's start, where the last connection
// ended after a Restart) and at the wall clock now.
func (tl *timeline) start(dts time.Duration, at int64, now time.Time) {
	past := ticksDuration(at, videoTimescale)
	tl.started, tl.first, tl.origin, tl.wallStart = true, dts, dts-past, now.Add(-past)
}

// ticks converts a stream time to a timescale, relative to the origin,
// rounding to the nearest tick (30 fps in nanoseconds is 2999.99997
// ticks a frame, which truncation would make jitter). Seconds and the
// rest are scaled apart, so a stream of days does not overflow.
func (tl *timeline) ticks(t time.Duration, timescale int64) int64 {
	return durationTicks(t-tl.origin, timescale)
}

// durationTicks converts a duration to ticks of a timescale, rounding.
func durationTicks(d time.Duration, timescale int64) int64 {
	sec, rest := int64(d/time.Second), int64(d%time.Second)
	return sec*timescale + (rest*timescale+int64(time.Second)/2)/int64(time.Second)
}

// date is the wall clock of a video decode time.
func (tl *timeline) date(videoTicks int64) time.Time {
	return tl.wallStart.Add(ticksDuration(videoTicks, videoTimescale))
}

// ticksDuration converts ticks of a timescale back to a duration.
func ticksDuration(ticks, timescale int64) time.Duration {
	sec, rest := ticks/timescale, ticks%timescale
	return time.Duration(sec)*time.Second + time.Duration(rest*int64(time.Second)/timescale)
}
