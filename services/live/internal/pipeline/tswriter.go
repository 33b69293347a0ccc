package pipeline

import (
	"fmt"
	"io"
	"time"

	"github.com/bluenviron/mediacommon/v2/pkg/codecs/h264"
	"github.com/bluenviron/mediacommon/v2/pkg/codecs/mpeg4audio"
	"github.com/bluenviron/mediacommon/v2/pkg/formats/mpegts"
	tscodecs "github.com/bluenviron/mediacommon/v2/pkg/formats/mpegts/codecs"
)

// TSWriter remuxes H.264 and AAC access units into MPEG-TS for ffmpeg's
// stdin. No decoding happens here: a publisher's frames pass through.
type TSWriter struct {
	mux      *mpegts.Writer
	video    *mpegts.Track
	audio    *mpegts.Track
	sps, pps []byte
	// A writer continuing a stream (a publisher that reconnected) shifts
	// its timestamps so they go on from base: offset is set at its first
	// frame.
	base, offset time.Duration
	started      bool
	first, last  time.Duration // written stream times
	// An output that can fall behind (a Feed) makes the writer drop
	// access units while it is: video until a keyframe once behind, so
	// ffmpeg never gets a frame whose references it lost.
	backlog  backlogged
	skipping bool // video waits for a keyframe
	dropped  int
}

// backlogged is an output that may fall behind its writer: ffmpeg's stdin
// (Feed).
type backlogged interface{ Behind() bool }

// NewTSWriter writes to out a stream of one H.264 track (whose parameter
// sets RTMP sends out of band, in its sequence header) and one AAC track.
func NewTSWriter(out io.Writer, sps, pps []byte, audio mpeg4audio.AudioSpecificConfig) (*TSWriter, error) {
	t := &TSWriter{
		video: &mpegts.Track{Codec: &tscodecs.H264{}},
		audio: &mpegts.Track{Codec: &tscodecs.MPEG4Audio{Config: audio}},
		sps:   sps, pps: pps,
	}
	t.backlog, _ = out.(backlogged)
	t.mux = &mpegts.Writer{W: out, Tracks: []*mpegts.Track{t.video, t.audio}}
	if err := t.mux.Initialize(); err != nil {
		return nil, fmt.Errorf("pipeline: mpegts: %w", err)
	}
	return t, nil
}

// WriteH264 writes one access unit. A keyframe gets the parameter sets in
// band, so ffmpeg can start decoding at any keyframe.
func (t *TSWriter) WriteH264(pts, dts time.Duration, au [][]byte) error {
	if len(au) == 0 {
		return nil
	}
	key := h264.IsRandomAccess(au)
	if t.behind() || (t.skipping && !key) {
		t.skipping = true
		t.dropped++
		return nil
	}
	t.skipping = false
	if key && !hasParameterSets(au) && t.sps != nil && t.pps != nil {
		au = append([][]byte{t.sps, t.pps}, au...)
	}
	dts = t.shift(dts)
	pts += t.offset
	return t.mux.WriteH264(t.video, ticks(pts), ticks(dts), au)
}

// WriteAAC writes one AAC access unit.
func (t *TSWriter) WriteAAC(pts time.Duration, au []byte) error {
	if t.behind() {
		t.dropped++
		return nil
	}
	return t.mux.WriteMPEG4Audio(t.audio, ticks(t.shift(pts)), [][]byte{au})
}

// ContinueFrom makes the writer's stream follow one that reached last: a
// reconnected publisher's clock starts again near zero, while ffmpeg's
// input must go on moving forward.
func (t *TSWriter) ContinueFrom(last time.Duration) {
	t.base = last + frameGap
}

// frameGap separates a reconnection's first frame from the last before it.
const frameGap = 40 * time.Millisecond

// shift applies the offset, fixing it at the first frame, and records the
// stream time written.
func (t *TSWriter) shift(ts time.Duration) time.Duration {
	if !t.started {
		t.started = true
		if t.base > 0 {
			t.offset = t.base - ts
		}
		t.first = ts + t.offset
	}
	ts += t.offset
	t.last = max(t.last, ts)
	return ts
}

func (t *TSWriter) behind() bool { return t.backlog != nil && t.backlog.Behind() }

// Dropped counts the access units dropped because the output was behind.
func (t *TSWriter) Dropped() int { return t.dropped }

// Span returns the first and last stream times written (both zero before
// any frame).
func (t *TSWriter) Span() (first, last time.Duration) { return t.first, t.last }

// hasParameterSets reports whether au carries an SPS already.
func hasParameterSets(au [][]byte) bool {
	for _, nalu := range au {
		if len(nalu) > 0 && h264.NALUType(nalu[0]&0x1F) == h264.NALUTypeSPS {
			return true
		}
	}
	return false
}

// ticks converts a duration to the 90 kHz clock of MPEG-TS.
func ticks(d time.Duration) int64 {
	return int64(d) * 90000 / int64(time.Second)
}
