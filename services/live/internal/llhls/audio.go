package llhls

import (
	"bytes"
	"errors"

	"github.com/bluenviron/mediacommon/v2/pkg/formats/fmp4"
)

// timedSample is a sample with its decode time in its track's timescale.
type timedSample struct {
	dts int64
	fmp4.Sample
}

// aacFrameSamples is the length of an AAC-LC frame, in samples.
const aacFrameSamples = 1024

// maxQueuedAudio bounds the frames waiting for a part: a stream whose
// video stops while its audio goes on (no part is cut) loses its oldest
// audio instead of growing without end. 512 frames are 10 s at 48 kHz.
const maxQueuedAudio = 512

var errAudioOrder = errors.New("llhls: AAC frames must arrive in time order")

// audioTrack holds AAC frames until the part they belong to is cut. Each
// frame waits for the next: its fMP4 duration is the gap to the next.
type audioTrack struct {
	pending *timedSample
	done    []*timedSample
}

// add queues a frame starting at t, in samples from the origin.
func (a *audioTrack) add(t int64, au []byte) error {
	if p := a.pending; p != nil {
		// Millisecond timestamps (RTMP) put a frame a sample or so off the
		// end of the one before: one within half a frame of it is placed
		// there, so durations stay 1024 and the decoder hears no gaps.
		if want := p.dts + aacFrameSamples; t > want-aacFrameSamples/2 && t < want+aacFrameSamples/2 {
			t = want
		}
		if t <= p.dts {
			return errAudioOrder
		}
		p.Duration = uint32(t - p.dts) //nolint:gosec // a gap between frames fits
		a.queue(p)
	}
	a.pending = &timedSample{dts: t, Sample: fmp4.Sample{Payload: bytes.Clone(au)}}
	return nil
}

func (a *audioTrack) queue(s *timedSample) {
	if len(a.done) == maxQueuedAudio {
		a.done = append(a.done[:0], a.done[1:]...)
	}
	a.done = append(a.done, s)
}

// take returns the queued frames that start before end, in samples.
func (a *audioTrack) take(end int64) []*timedSample {
	n := 0
	for n < len(a.done) && a.done[n].dts < end {
		n++
	}
	out := append([]*timedSample(nil), a.done[:n]...)
	a.done = append(a.done[:0], a.done[n:]...)
	return out
}

// flush queues the last frame, given a frame's duration, once the stream
// has ended.
func (a *audioTrack) flush() {
	if a.pending != nil {
		a.pending.Duration = aacFrameSamples
		a.queue(a.pending)
		a.pending = nil
	}
}
