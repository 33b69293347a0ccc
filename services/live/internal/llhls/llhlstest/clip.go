package llhlstest

import (
	"bytes"
	_ "embed" // the clip
	"testing"

	"github.com/bluenviron/mediacommon/v2/pkg/codecs/h264"
	"github.com/bluenviron/mediacommon/v2/pkg/codecs/mpeg4audio"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/services/live/internal/llhls"
)

// The clip: 5 s of 160x90 H.264 at 30 fps with a keyframe every second
// and no B-frames (ffmpeg -f lavfi -i testsrc=size=160x90:rate=30 -t 5
// -c:v libx264 -preset ultrafast -g 30 -bf 0 -f h264), and 5 s of a 440 Hz
// sine in 48 kHz mono AAC (-f lavfi -i sine -c:a aac -b:a 32k -f adts).
var (
	//go:embed testdata/testsrc.h264
	annexB []byte
	//go:embed testdata/tone.aac
	adts []byte
)

// The clip's rates.
const (
	FPS        = 30
	SampleRate = 48000
)

// Clip is the clip's access units. Looped, it makes a stream of any
// length: each loop starts at a keyframe carrying its parameter sets.
type Clip struct {
	Video [][][]byte // access units in decode order, NAL units without start codes
	Audio [][]byte   // AAC frames
	AAC   mpeg4audio.AudioSpecificConfig
}

// Load parses the clip.
func Load(t testing.TB) *Clip {
	t.Helper()
	c := &Clip{}
	var au [][]byte
	for _, nalu := range splitAnnexB(annexB) {
		au = append(au, nalu)
		// One slice a picture: a picture's slice ends its access unit.
		if typ := h264.NALUType(nalu[0] & 0x1F); typ == h264.NALUTypeIDR || typ == h264.NALUTypeNonIDR {
			c.Video = append(c.Video, au)
			au = nil
		}
	}
	var pkts mpeg4audio.ADTSPackets
	require.NoError(t, pkts.Unmarshal(adts))
	for _, p := range pkts {
		c.Audio = append(c.Audio, p.AU)
	}
	c.AAC = mpeg4audio.AudioSpecificConfig{Type: pkts[0].Type, SampleRate: pkts[0].SampleRate, ChannelConfig: pkts[0].ChannelConfig}
	require.Len(t, c.Video, 5*FPS)
	return c
}

// splitAnnexB cuts an Annex-B stream at its start codes (h264.AnnexB
// refuses more than 50 NAL units, a guard for one access unit).
func splitAnnexB(raw []byte) [][]byte {
	var nalus [][]byte
	for _, chunk := range bytes.Split(raw, []byte{0, 0, 1}) {
		chunk = bytes.TrimRight(chunk, "\x00") // a 4-byte start code's leading zero
		if len(chunk) > 0 {
			nalus = append(nalus, chunk)
		}
	}
	return nalus
}

// Tracks are what the ingest would know of the clip before its first frame.
func (c *Clip) Tracks() llhls.Tracks {
	var tr llhls.Tracks
	for _, nalu := range c.Video[0] {
		switch h264.NALUType(nalu[0] & 0x1F) {
		case h264.NALUTypeSPS:
			tr.SPS = nalu
		case h264.NALUTypePPS:
			tr.PPS = nalu
		}
	}
	tr.AAC = c.AAC
	return tr
}
