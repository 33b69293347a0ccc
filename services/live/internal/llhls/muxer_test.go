package llhls_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/services/live/internal/llhls"
	"github.com/vidhost/vidhost/services/live/internal/llhls/llhlstest"
)

func TestNewRefusesTracksWithoutParameters(t *testing.T) {
	c := loadClip(t)
	tr := c.Tracks()
	tr.SPS = nil
	_, err := llhls.New(llhls.Config{}, tr)
	require.Error(t, err)
	tr = c.Tracks()
	tr.AAC.SampleRate = 0
	_, err = llhls.New(llhls.Config{}, tr)
	require.Error(t, err)
}

// TestStartsAtTheFirstKeyframe: what comes before the first keyframe
// (pictures no decoder can show, audio with nothing to play beside) is
// dropped, and the stream's time starts there.
func TestStartsAtTheFirstKeyframe(t *testing.T) {
	c := loadClip(t)
	m := newMuxer(t, c, llhls.Config{})
	require.NoError(t, m.WriteAAC(llhlstest.Base, c.Audio[0]))
	require.NoError(t, m.WriteH264(llhlstest.Base, llhlstest.Base, c.Video[1])) // not a keyframe
	_, err := m.Playlist(context.Background(), llhls.PlaylistRequest{})
	require.ErrorIs(t, err, llhls.ErrNotFound, "no playlist before the first part")
	c.feed(t, m, time.Second, 3*time.Second+time.Second/fps) // starts at the keyframe at 1 s
	text := playlist(t, m, llhls.PlaylistRequest{})
	assert.Contains(t, text, "#EXT-X-PROGRAM-DATE-TIME:2025-01-02T03:04:05.000Z\n")
	assert.Contains(t, text, "#EXTINF:2.00000,\nseg0.mp4\n")
}

func TestRefusesWhatCannotBeMuxed(t *testing.T) {
	c := loadClip(t)
	m := newMuxer(t, c, llhls.Config{})
	c.feed(t, m, 0, time.Second)
	at := llhlstest.Base + time.Second/2
	require.Error(t, m.WriteH264(at, at, c.Video[15]), "video going back in time")
	require.Error(t, m.WriteAAC(at-time.Second/4, c.Audio[0]), "audio going back in time")
	require.NoError(t, m.Close())
	require.ErrorIs(t, m.WriteH264(llhlstest.Base+2*time.Second, llhlstest.Base+2*time.Second, c.Video[0]), llhls.ErrClosed)
	require.ErrorIs(t, m.WriteAAC(llhlstest.Base+2*time.Second, c.Audio[0]), llhls.ErrClosed)
	require.NoError(t, m.Close(), "a second Close does nothing")
}

// TestWindowSlides: memory keeps Window segments; older segments and
// their parts are gone, and the media sequence moves on.
func TestWindowSlides(t *testing.T) {
	c := loadClip(t)
	m := newMuxer(t, c, llhls.Config{Window: 3})
	c.feed(t, m, 0, 12*time.Second+time.Second/fps) // segments 0-5 complete
	text := playlist(t, m, llhls.PlaylistRequest{})
	assert.Contains(t, text, "#EXT-X-MEDIA-SEQUENCE:3\n")
	assert.Equal(t, 3, strings.Count(text, "#EXTINF:"))
	_, err := m.Segment(2)
	require.ErrorIs(t, err, llhls.ErrNotFound)
	_, err = m.Part(context.Background(), 17) // segment 2's last part
	require.ErrorIs(t, err, llhls.ErrNotFound)
	_, err = m.Segment(3)
	require.NoError(t, err)
	_, err = m.Part(context.Background(), 18)
	require.NoError(t, err)
	assert.Contains(t, text, "#EXT-X-PROGRAM-DATE-TIME:2025-01-02T03:04:11.000Z\n#EXT-X-PART:DURATION=0.33333,URI=\"part18.mp4\",INDEPENDENT=YES\n")
}

// TestLongKeyframeInterval: a publisher with keyframes every 5 s (the
// clip's keyframes taken away) gets segments cut at its keyframes and a
// target duration that covers them; one that sends none for MaxSegment
// gets a segment cut anyway, and the playlist stops claiming independent
// segments.
func TestLongKeyframeInterval(t *testing.T) {
	c := loadClip(t)
	sparse := clip{&llhlstest.Clip{AAC: c.AAC, Audio: c.Audio}}
	sparse.Video = append([][][]byte(nil), c.Video...)
	for i := fps; i < len(sparse.Video); i += fps {
		sparse.Video[i] = c.Video[i+1] // a non-key picture where each keyframe was: one every 5 s, the loop's first
	}
	t.Run("keyframes every 5 s", func(t *testing.T) {
		m := newMuxer(t, sparse, llhls.Config{})
		sparse.feed(t, m, 0, 10*time.Second+time.Second/fps)
		text := playlist(t, m, llhls.PlaylistRequest{})
		assert.Contains(t, text, "#EXT-X-TARGETDURATION:5\n")
		assert.Contains(t, text, "#EXTINF:5.00000,\nseg0.mp4\n#")
		assert.Contains(t, text, "#EXT-X-INDEPENDENT-SEGMENTS\n")
		checkStructure(t, parsePlaylist(t, text))
	})
	t.Run("none for MaxSegment", func(t *testing.T) {
		m := newMuxer(t, sparse, llhls.Config{MaxSegment: 3 * time.Second})
		sparse.feed(t, m, 0, 4*time.Second)
		text := playlist(t, m, llhls.PlaylistRequest{})
		assert.Contains(t, text, "#EXTINF:3.00000,\nseg0.mp4\n")
		assert.NotContains(t, text, "#EXT-X-INDEPENDENT-SEGMENTS")
		assert.Contains(t, text, "#EXT-X-PART:DURATION=0.33333,URI=\"part9.mp4\"\n", "segment 1 starts without a keyframe")
	})
}
