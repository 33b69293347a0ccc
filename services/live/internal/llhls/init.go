package llhls

import (
	"fmt"

	"github.com/bluenviron/mediacommon/v2/pkg/formats/fmp4"
	"github.com/bluenviron/mediacommon/v2/pkg/formats/fmp4/seekablebuffer"
	"github.com/bluenviron/mediacommon/v2/pkg/formats/mp4/codecs"
)

// The fMP4 track IDs and the video timescale (the 90 kHz clock of MPEG-TS
// and RTP, so the publisher's timestamps convert without rounding).
const (
	videoTrackID   = 1
	audioTrackID   = 2
	videoTimescale = 90000
)

// initSection is the init.mp4 of EXT-X-MAP: one avc1 track with the
// publisher's parameter sets and one mp4a track timed in audio samples.
func initSection(t Tracks) ([]byte, error) {
	if len(t.SPS) == 0 || len(t.PPS) == 0 {
		return nil, fmt.Errorf("llhls: the H.264 parameter sets are missing")
	}
	if t.AAC.SampleRate <= 0 {
		return nil, fmt.Errorf("llhls: the AAC sample rate is missing")
	}
	init := fmp4.Init{Tracks: []*fmp4.InitTrack{
		{ID: videoTrackID, TimeScale: videoTimescale, Codec: &codecs.H264{SPS: t.SPS, PPS: t.PPS}},
		{ID: audioTrackID, TimeScale: uint32(t.AAC.SampleRate), Codec: &codecs.MPEG4Audio{Config: t.AAC}}, //nolint:gosec // a sample rate fits
	}}
	var buf seekablebuffer.Buffer
	if err := init.Marshal(&buf); err != nil {
		return nil, fmt.Errorf("llhls: init section: %w", err)
	}
	return buf.Bytes(), nil
}
