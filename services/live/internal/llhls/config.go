package llhls

import (
	"time"

	"github.com/bluenviron/mediacommon/v2/pkg/codecs/mpeg4audio"
)

// Tracks describe the stream, as the ingest learnt them before its first
// frame (the same as restream.Tracks).
type Tracks struct {
	SPS, PPS []byte
	AAC      mpeg4audio.AudioSpecificConfig
}

// Config holds the muxer's durations and window. Zero values take the
// defaults.
type Config struct {
	// PartTarget is the longest a part may be (PART-TARGET): 334 ms, so a
	// player holding back three parts (PART-HOLD-BACK) sits about 1 s
	// behind the live edge, and ten frames of 29.97 or 30 fps (eight of
	// 24, twenty of 60) fill a part, six parts a 2 s segment. Parts are cut
	// at frames, so at other rates they are a frame or so shorter.
	PartTarget time.Duration
	// SegmentTarget is how long a segment should be: 2 s, the keyframe
	// interval publishers are told to use. Segments are cut at the
	// publisher's keyframes only, at the first one at least 90 % of it in.
	SegmentTarget time.Duration
	// MaxSegment cuts a segment without a keyframe when the publisher sends
	// none for this long (10 s): the memory a segment may take stays
	// bounded, at the cost of a segment that does not start independently.
	MaxSegment time.Duration
	// Window is how many complete segments the playlist lists (and memory
	// holds): 30, the 60 s DVR window of the standard live playlists.
	Window int
	// BlockTimeout bounds a blocking playlist or part request: after it
	// the request is answered 503 (3 target durations, as RFC 8216bis
	// advises clients to wait).
	BlockTimeout time.Duration
	// Now stamps EXT-X-PROGRAM-DATE-TIME (time.Now when nil): the wall
	// clock at the first frame, plus stream time.
	Now func() time.Time
}

func (c Config) withDefaults() Config {
	if c.PartTarget <= 0 {
		c.PartTarget = 334 * time.Millisecond
	}
	if c.SegmentTarget <= 0 {
		c.SegmentTarget = 2 * time.Second
	}
	if c.MaxSegment <= 0 {
		c.MaxSegment = 5 * c.SegmentTarget
	}
	if c.Window <= 0 {
		c.Window = 30
	}
	if c.BlockTimeout <= 0 {
		c.BlockTimeout = 3 * c.SegmentTarget
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	return c
}
