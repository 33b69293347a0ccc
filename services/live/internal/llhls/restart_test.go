package llhls_test

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/services/live/internal/llhls"
	"github.com/vidhost/vidhost/services/live/internal/llhls/llhlstest"
)

// TestRestartContinuesThePlaylist: a publisher that reconnects 30 s later
// with its clock back at zero continues the same playlist: the segment in
// progress ends, the next is a discontinuity dated by the wall clock, and
// its decode times go on from the last ones.
func TestRestartContinuesThePlaylist(t *testing.T) {
	c := loadClip(t)
	now := fixedClock
	m := newMuxer(t, c, llhls.Config{Now: func() time.Time { return now }})
	c.feed(t, m, 0, 3*time.Second) // segment 0, and 1 s of segment 1
	now = fixedClock.Add(33 * time.Second)
	require.NoError(t, m.Restart(c.Tracks()))
	c.feed(t, m, 0, 2*time.Second+time.Second/fps) // the same clock again
	text := playlist(t, m, llhls.PlaylistRequest{})
	assert.Contains(t, text, "#EXTINF:1.00000,\nseg1.mp4\n#EXT-X-DISCONTINUITY\n#EXT-X-PROGRAM-DATE-TIME:2025-01-02T03:04:38.000Z\n")
	assert.Contains(t, text, "#EXTINF:2.00000,\nseg2.mp4\n")
	checkStructure(t, parsePlaylist(t, text))

	seg2, err := m.Segment(2)
	require.NoError(t, err)
	got := probe(t, m.Init(), seg2...)
	assert.Equal(t, 2*fps, got.videoFrames)
	assert.InDelta(t, 3.0, got.videoStart, 0.001, "decode times go on from the last connection's")
}

func TestRestartRefusesOtherTracks(t *testing.T) {
	c := loadClip(t)
	m := newMuxer(t, c, llhls.Config{})
	c.feed(t, m, 0, time.Second)
	other := c.Tracks()
	other.AAC.SampleRate = 44100
	require.ErrorIs(t, m.Restart(other), llhls.ErrTracksChanged)
	require.NoError(t, m.Close())
	require.ErrorIs(t, m.Restart(c.Tracks()), llhls.ErrClosed)
}

// TestDiscontinuitySequence: once a discontinuity leaves the window, the
// playlist counts it, so players keep their timelines apart.
func TestDiscontinuitySequence(t *testing.T) {
	c := loadClip(t)
	m := newMuxer(t, c, llhls.Config{Window: 2})
	c.feed(t, m, 0, 2*time.Second+time.Second/fps)
	require.NoError(t, m.Restart(c.Tracks()))
	c.Feed(t, m, llhlstest.Exact30, 0, 6*time.Second+time.Second/fps)
	text := playlist(t, m, llhls.PlaylistRequest{})
	assert.Contains(t, text, "#EXT-X-DISCONTINUITY-SEQUENCE:1\n")
	assert.Zero(t, strings.Count(text, "#EXT-X-DISCONTINUITY\n"))
}
