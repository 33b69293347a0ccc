package media

// bitrates measures a track's segments as they are published: HLS wants the
// peak segment bitrate as BANDWIDTH and the mean as AVERAGE-BANDWIDTH, and
// only the written files know them.
type bitrates struct {
	peak    int // bit/s
	bytes   int64
	seconds float64
}

// add counts one segment. Segments under half the nominal length (the tail
// of the stream) count toward the mean but not the peak: one keyframe in a
// few milliseconds would claim megabits per second.
func (b *bitrates) add(size int64, seconds float64) {
	b.bytes += size
	b.seconds += seconds
	if seconds >= segmentSeconds/2.0 || b.peak == 0 && seconds > 0 {
		b.peak = max(b.peak, int(float64(size)*8/seconds))
	}
}

// or returns peak and mean, or declared for both before anything is measured.
func (b bitrates) or(declared int) (peak, average int) {
	if b.seconds <= 0 {
		return declared, declared
	}
	return max(b.peak, 1), max(int(float64(b.bytes)*8/b.seconds), 1)
}
