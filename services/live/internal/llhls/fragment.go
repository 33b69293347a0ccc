package llhls

import (
	"fmt"

	"github.com/bluenviron/mediacommon/v2/pkg/formats/fmp4"
	"github.com/bluenviron/mediacommon/v2/pkg/formats/fmp4/seekablebuffer"
)

// fragment is the part being built: the video samples since its start.
// Its audio joins it when it is cut (audioTrack.take).
type fragment struct {
	start       int64 // the video decode time of its first sample
	independent bool  // it starts with a keyframe: INDEPENDENT=YES
	// discontinuity: it starts the first segment after a Restart.
	discontinuity bool
	video         []*timedSample
}

// marshal encodes the part as one moof and mdat. seq numbers the moof
// (mfhd), which must grow from part to part.
func (f *fragment) marshal(seq uint32, audio []*timedSample) ([]byte, error) {
	out := fmp4.Part{SequenceNumber: seq}
	out.Tracks = append(out.Tracks, partTrack(videoTrackID, f.video))
	if len(audio) > 0 {
		// A part without audio (a stream's first frames, or audio late
		// behind video) carries no audio traf at all rather than an empty one.
		out.Tracks = append(out.Tracks, partTrack(audioTrackID, audio))
	}
	var buf seekablebuffer.Buffer
	if err := out.Marshal(&buf); err != nil {
		return nil, fmt.Errorf("llhls: part: %w", err)
	}
	return buf.Bytes(), nil
}

func partTrack(id int, samples []*timedSample) *fmp4.PartTrack {
	t := &fmp4.PartTrack{ID: id, BaseTime: uint64(samples[0].dts)} //nolint:gosec // decode times are never negative
	for _, s := range samples {
		t.Samples = append(t.Samples, &s.Sample)
	}
	return t
}
