package llhls

import (
	"errors"
	"time"

	"github.com/bluenviron/mediacommon/v2/pkg/codecs/h264"
	"github.com/bluenviron/mediacommon/v2/pkg/formats/fmp4"
)

// ErrClosed is returned by writes after Close.
var ErrClosed = errors.New("llhls: the muxer is closed")

var errVideoOrder = errors.New("llhls: H.264 access units must arrive in decode order")

// Muxer packages one live stream as LL-HLS. One goroutine (the ingest's
// reader) writes to it; any number of viewers read it at once through
// ServeHTTP or the methods of serve.go, all from one shared state.
type Muxer struct {
	cfg   Config
	store *store
	// What follows belongs to the writing goroutine.
	clock     timeline
	audioRate int64
	pending   *timedSample // the last access unit, until the next gives its duration
	audio     audioTrack
	frag      fragment
	segStart  int64 // video decode time of the segment in progress
	partSeq   uint32
	frames    int64 // video frames complete so far
	closed    bool
	partMax   int64 // ticks
	segMin    int64
	segMax    int64
	// defaultFrame is a frame's duration when none is known (a last
	// frame right after a keyframe).
	defaultFrame int64
	tracks       Tracks
	end          int64 // where the last connection's stream ended (Restart)
	restarted    bool  // the next segment follows a Restart
}

// New returns a muxer for a stream of the given tracks. Its playlist
// exists from the first part on, cut from the first keyframe.
func New(cfg Config, tracks Tracks) (*Muxer, error) {
	cfg = cfg.withDefaults()
	init, err := initSection(tracks)
	if err != nil {
		return nil, err
	}
	return &Muxer{
		cfg:          cfg,
		store:        newStore(cfg, init),
		audioRate:    int64(tracks.AAC.SampleRate),
		partMax:      durationTicks(cfg.PartTarget, videoTimescale),
		segMin:       durationTicks(cfg.SegmentTarget*9/10, videoTimescale),
		segMax:       durationTicks(cfg.MaxSegment, videoTimescale),
		defaultFrame: videoTimescale / 30,
		tracks:       tracks,
	}, nil
}

// WriteH264 adds a video access unit (its NAL units, without start
// codes), with its presentation and decode times on the ingest's clock.
// Units must come in decode order; those before the first keyframe are
// dropped, as no player could decode them.
func (m *Muxer) WriteH264(pts, dts time.Duration, au [][]byte) error {
	if m.closed {
		return ErrClosed
	}
	key := h264.IsRandomAccess(au)
	if !m.clock.started {
		if !key {
			return nil
		}
		m.clock.start(dts, m.end, m.cfg.Now())
	}
	d := m.clock.ticks(dts, videoTimescale)
	prev := m.pending
	if prev != nil && d <= prev.dts {
		return errVideoOrder
	}
	payload, err := h264.AVCC(withoutDelimiters(au)).Marshal()
	if err != nil {
		return err
	}
	m.pending = &timedSample{dts: d, Sample: fmp4.Sample{
		PTSOffset:       int32(m.clock.ticks(pts, videoTimescale) - d), //nolint:gosec // a reordering delay fits
		IsNonSyncSample: !key,
		Payload:         payload,
	}}
	if prev == nil {
		m.frag = fragment{start: d, independent: true, discontinuity: m.restarted}
		m.restarted = false
		m.segStart = d
		return nil
	}
	prev.Duration = uint32(d - prev.dts) //nolint:gosec // a frame's duration fits
	m.frag.video = append(m.frag.video, prev)
	return m.cutBefore(d, key)
}

// WriteAAC adds an AAC frame presented at pts on the ingest's clock.
// Frames before the first keyframe are dropped: the stream starts there.
func (m *Muxer) WriteAAC(pts time.Duration, au []byte) error {
	if m.closed {
		return ErrClosed
	}
	if !m.clock.started || pts < m.clock.first {
		return nil
	}
	return m.audio.add(m.clock.ticks(pts, m.audioRate), au)
}

// cutBefore ends the part, and the segment, before the frame at d when it
// is time to. A segment ends only before a keyframe (unless the publisher
// sends none for MaxSegment). A part ends once it holds as many frames as
// fit in PartTarget at the stream's average frame rate: counting frames,
// not adding up durations, keeps parts even when millisecond timestamps
// (RTMP) make each frame 33 or 34 ms. A stream of uneven frame rate also
// ends a part where its average frame would take it past PartTarget, give
// or take the timestamps' millisecond.
func (m *Muxer) cutBefore(d int64, key bool) error {
	m.frames++
	inSegment, inPart := d-m.segStart, d-m.frag.start
	perPart := max(1, m.partMax*m.frames/d) // d is the stream's length: it starts at 0
	long := inPart+d/m.frames > m.partMax+videoTimescale/1000
	var endsSegment bool
	switch {
	case key && inSegment >= m.segMin, inSegment >= m.segMax:
		endsSegment = true
	case int64(len(m.frag.video)) >= perPart, long:
	default:
		return nil
	}
	err := m.flush(d, endsSegment)
	m.frag = fragment{start: d, independent: key}
	if endsSegment {
		m.segStart = d
	}
	return err
}

// flush publishes the fragment as a part ending at end.
func (m *Muxer) flush(end int64, endsSegment bool) error {
	audioEnd := end * m.audioRate / videoTimescale
	m.partSeq++
	body, err := m.frag.marshal(m.partSeq, m.audio.take(audioEnd))
	if err != nil {
		return err
	}
	m.store.publish(&part{
		start:         m.frag.start,
		duration:      end - m.frag.start,
		independent:   m.frag.independent,
		discontinuity: m.frag.discontinuity,
		body:          body,
	}, m.clock.date(m.segStart), endsSegment)
	return nil
}

// Close ends the stream: the last frames make a last part and segment, and
// the playlist gets EXT-X-ENDLIST, which also answers every request still
// blocked. Writes fail after it.
func (m *Muxer) Close() error {
	if m.closed {
		return nil
	}
	m.closed = true
	err := m.finish()
	m.store.end()
	return err
}

// finish makes the last frames a part that ends the segment in progress:
// the last frame lasts as long as the one before it.
func (m *Muxer) finish() error {
	last := m.pending
	if last == nil {
		return nil
	}
	m.pending = nil
	frame := m.defaultFrame
	if n := len(m.frag.video); n > 0 {
		frame = int64(m.frag.video[n-1].Duration)
	}
	last.Duration = uint32(frame) //nolint:gosec // a frame's duration fits
	m.frag.video = append(m.frag.video, last)
	m.audio.flush()
	m.end = last.dts + frame
	return m.flush(m.end, true)
}

// withoutDelimiters drops access unit delimiters, which MPEG-TS needs and
// MP4 samples do not carry.
func withoutDelimiters(au [][]byte) [][]byte {
	out := make([][]byte, 0, len(au))
	for _, nalu := range au {
		if len(nalu) > 0 && h264.NALUType(nalu[0]&0x1F) != h264.NALUTypeAccessUnitDelimiter {
			out = append(out, nalu)
		}
	}
	return out
}
