package ingest

import (
	"io"
	"sync/atomic"
	"time"

	"github.com/bluenviron/mediacommon/v2/pkg/codecs/h264"
	"github.com/bluenviron/mediacommon/v2/pkg/formats/mpegts"
	tscodecs "github.com/bluenviron/mediacommon/v2/pkg/formats/mpegts/codecs"
)

// tsConn is a connection carrying MPEG-TS (an SRT connection, *srt.Conn).
type tsConn interface {
	io.Reader
	SetReadTimeout(d time.Duration) error
	Close() error
}

// tsStart is the stream time a TS source's first timestamp is given: the
// timestamps are rebased (a publisher's start anywhere in the 33-bit
// clock, and its wrap after 26.5 hours, are taken care of), and the
// margin keeps a frame decoded before the first one presented (B-frames,
// audio ahead of video) above zero.
const tsStart = 10 * time.Second

// tsSource is a publisher's MPEG-TS stream: mediacommon's demuxer reads
// its tracks and access units, which go through the same remuxer and
// pipeline as RTMP's (pipeline.TSWriter), so the track checks, timestamps
// and reconnections behave alike.
type tsSource struct {
	conn         tsConn
	read         atomic.Int64
	r            *mpegts.Reader
	video, audio *mpegts.Track
	clock        mpegts.TimeDecoder
	timeout      time.Duration
	// pending is the keyframe whose parameter sets ended the track
	// analysis: handed to onMedia's video function first.
	pending                [][]byte
	pendingPTS, pendingDTS time.Duration
	videoFunc              func(pts, dts time.Duration, au [][]byte)
	audioFunc              func(pts time.Duration, au []byte)
	analysing              bool
	sps, pps               []byte
}

func newTSSource(conn tsConn) *tsSource { return &tsSource{conn: conn} }

// Read counts what the demuxer reads.
func (src *tsSource) Read(p []byte) (int, error) {
	n, err := src.conn.Read(p)
	src.read.Add(int64(n))
	return n, err
}

// tracks reads the program's tracks, then the stream until the first
// keyframe that carries the H.264 parameter sets (MPEG-TS sends them in
// band), within handshakeTimeout.
func (src *tsSource) tracks() (streamTracks, error) {
	if err := src.setTimeout(handshakeTimeout); err != nil {
		return streamTracks{}, errUnavailable
	}
	src.r = &mpegts.Reader{R: src}
	if err := src.r.Initialize(); err != nil {
		return streamTracks{}, &Refusal{Reason: "the stream could not be read as MPEG-TS: " + err.Error(), Kind: KindUnacceptable}
	}
	var aac *tscodecs.MPEG4Audio
	for _, t := range src.r.Tracks() {
		switch c := t.Codec.(type) {
		case *tscodecs.H264:
			src.video = t
		case *tscodecs.MPEG4Audio:
			src.audio, aac = t, c
		default:
			return streamTracks{}, errOtherTrack
		}
	}
	switch {
	case src.video == nil:
		return streamTracks{}, errNoH264
	case src.audio == nil:
		return streamTracks{}, errNoAAC
	}
	src.r.OnDecodeError(func(error) {}) // garbage packets are skipped
	src.r.OnDataH264(src.video, src.onVideo)
	src.r.OnDataMPEG4Audio(src.audio, src.onAudio)
	src.analysing = true
	deadline := time.Now().Add(handshakeTimeout)
	for src.sps == nil || src.pps == nil {
		if time.Now().After(deadline) {
			return streamTracks{}, &Refusal{Reason: "no H.264 keyframe with its parameter sets arrived", Kind: KindUnacceptable}
		}
		if err := src.r.Read(); err != nil {
			return streamTracks{}, &Refusal{Reason: "the stream could not be read: " + err.Error(), Kind: KindUnacceptable}
		}
	}
	src.analysing = false
	return streamTracks{sps: src.sps, pps: src.pps, aac: aac.Config}, nil
}

func (src *tsSource) onVideo(pts, dts int64, au [][]byte) error {
	p, d := src.time(pts), src.time(dts)
	if src.analysing {
		if sps, pps := parameterSets(au); sps != nil && pps != nil && h264.IsRandomAccess(au) {
			src.sps, src.pps = sps, pps
			src.pending, src.pendingPTS, src.pendingDTS = au, p, d
		}
		return nil
	}
	src.videoFunc(p, d, au)
	return nil
}

func (src *tsSource) onAudio(pts int64, aus [][]byte) error {
	if src.analysing {
		return nil // before the first keyframe: nothing to play it with
	}
	p := src.time(pts)
	for i, au := range aus {
		// Each ADTS frame of a PES packet holds 1024 samples.
		src.audioFunc(p+time.Duration(i)*1024*time.Second/time.Duration(src.sampleRate()), au)
	}
	return nil
}

func (src *tsSource) sampleRate() int {
	if c, ok := src.audio.Codec.(*tscodecs.MPEG4Audio); ok && c.SampleRate > 0 {
		return c.SampleRate
	}
	return 48000
}

// time rebases a 90 kHz timestamp to the stream's time.
func (src *tsSource) time(ticks int64) time.Duration {
	return tsStart + time.Duration(src.clock.Decode(ticks))*time.Second/90000
}

func (src *tsSource) onMedia(video func(pts, dts time.Duration, au [][]byte), audio func(pts time.Duration, au []byte)) {
	src.videoFunc, src.audioFunc = video, audio
	if src.pending != nil {
		video(src.pendingPTS, src.pendingDTS, src.pending)
		src.pending = nil
	}
}

func (src *tsSource) readMedia(timeout time.Duration) error {
	if err := src.setTimeout(timeout); err != nil {
		return err
	}
	return src.r.Read()
}

// setTimeout sets the connection's read timeout when it changes.
func (src *tsSource) setTimeout(d time.Duration) error {
	if d == src.timeout {
		return nil
	}
	src.timeout = d
	return src.conn.SetReadTimeout(d)
}

func (src *tsSource) cut() { _ = src.conn.Close() }

func (src *tsSource) received() int64 { return src.read.Load() }

// parameterSets returns the SPS and PPS of an access unit, if it has them.
func parameterSets(au [][]byte) (sps, pps []byte) {
	for _, nalu := range au {
		if len(nalu) == 0 {
			continue
		}
		switch h264.NALUType(nalu[0] & 0x1F) {
		case h264.NALUTypeSPS:
			sps = nalu
		case h264.NALUTypePPS:
			pps = nalu
		}
	}
	return sps, pps
}
