package llhls

import (
	"bytes"
	"errors"
)

// ErrTracksChanged is returned by Restart when the stream's tracks differ
// from the first connection's, which the one init section cannot describe.
var ErrTracksChanged = errors.New("llhls: the stream's tracks changed")

// Restart continues the stream with a new connection of the publisher
// (the ingest's reconnect window), whose clock starts anew. The frames the
// last connection left end the segment in progress; the new connection's
// first keyframe starts a segment marked EXT-X-DISCONTINUITY, dated by the
// wall clock again (the time between connections is a gap in the dates),
// its decode times going on from where the last connection's ended. The
// tracks must be the same (the same encoder settings; docs/live.md asks
// publishers for them): otherwise ErrTracksChanged, and the caller starts
// a new muxer under a new path.
func (m *Muxer) Restart(tracks Tracks) error {
	if m.closed {
		return ErrClosed
	}
	if !sameTracks(m.tracks, tracks) {
		return ErrTracksChanged
	}
	err := m.finish()
	if !m.clock.started {
		return err // nothing was written yet: the stream just starts later
	}
	m.clock.started = false
	m.audio = audioTrack{}
	m.restarted = true
	return err
}

func sameTracks(a, b Tracks) bool {
	return bytes.Equal(a.SPS, b.SPS) && bytes.Equal(a.PPS, b.PPS) && a.AAC == b.AAC
}
