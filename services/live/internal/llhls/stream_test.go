package llhls_test

import (
	"bytes"
	"os"
	"sort"
	"strconv"
	"testing"
	"time"

	"github.com/bluenviron/mediacommon/v2/pkg/codecs/h264"
	"github.com/bluenviron/mediacommon/v2/pkg/codecs/mpeg4audio"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/services/live/internal/llhls"
)

// clip is a short publisher's stream from testdata: 5 s of 160x90 H.264 at
// 30 fps with a keyframe every second and no B-frames (ffmpeg -f lavfi
// testsrc -c:v libx264 -g 30 -bf 0 -f h264), and 5 s of 48 kHz AAC (a sine,
// -f adts). It is looped to make longer streams: each loop starts at a
// keyframe carrying its parameter sets.
type clip struct {
	video [][][]byte // access units, in decode order
	audio [][]byte   // AAC frames
	aac   mpeg4audio.AudioSpecificConfig
}

const (
	fps        = 30
	sampleRate = 48000
	// base is where the ingest's clock starts (an SRT source's starts at
	// 10 s): the muxer's decode times start at zero all the same.
	base = 10 * time.Second
)

var fixedClock = time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)

func loadClip(t testing.TB) *clip {
	t.Helper()
	raw, err := os.ReadFile("testdata/testsrc.h264")
	require.NoError(t, err)
	c := &clip{}
	var au [][]byte
	for _, nalu := range splitAnnexB(raw) {
		au = append(au, nalu)
		// One slice a picture: a picture's slice ends its access unit.
		if typ := h264.NALUType(nalu[0] & 0x1F); typ == h264.NALUTypeIDR || typ == h264.NALUTypeNonIDR {
			c.video = append(c.video, au)
			au = nil
		}
	}
	raw, err = os.ReadFile("testdata/tone.aac")
	require.NoError(t, err)
	var pkts mpeg4audio.ADTSPackets
	require.NoError(t, pkts.Unmarshal(raw))
	for _, p := range pkts {
		c.audio = append(c.audio, p.AU)
	}
	c.aac = mpeg4audio.AudioSpecificConfig{Type: pkts[0].Type, SampleRate: pkts[0].SampleRate, ChannelCount: pkts[0].ChannelCount}
	require.Len(t, c.video, 5*fps)
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

func (c *clip) tracks() llhls.Tracks {
	var tr llhls.Tracks
	for _, nalu := range c.video[0] {
		switch h264.NALUType(nalu[0] & 0x1F) {
		case h264.NALUTypeSPS:
			tr.SPS = nalu
		case h264.NALUTypePPS:
			tr.PPS = nalu
		}
	}
	tr.AAC = c.aac
	return tr
}

// newMuxer returns a muxer for the clip with a fixed clock.
func newMuxer(t testing.TB, c *clip, cfg llhls.Config) *llhls.Muxer {
	t.Helper()
	if cfg.Now == nil {
		cfg.Now = func() time.Time { return fixedClock }
	}
	m, err := llhls.New(cfg, c.tracks())
	require.NoError(t, err)
	return m
}

// unit is one access unit of the stream, at its time.
type unit struct {
	at    time.Duration
	video [][]byte
	audio []byte
}

// timing places the clip's units in time: rate/scale pictures a second,
// with timestamps rounded to round (RTMP's are milliseconds).
type timing struct {
	rate, scale int64
	round       time.Duration
	ptsDelay    time.Duration // presentation after decoding, as with B-frames
}

// exact30 is the clip's own timing; rtmp2997 is an NTSC-rate publisher
// seen through RTMP's millisecond clock.
var (
	exact30  = timing{rate: fps, scale: 1}
	rtmp2997 = timing{rate: 30000, scale: 1001, round: time.Millisecond}
)

func (tm timing) at(d time.Duration) time.Duration {
	if tm.round > 0 {
		return d.Round(tm.round)
	}
	return d
}

// feed writes the looped clip's units from stream time from to to (from
// the stream's start), video and audio interleaved by time, as an ingest
// hands them over.
func (c *clip) feed(t testing.TB, m *llhls.Muxer, from, to time.Duration) {
	t.Helper()
	c.feedTimed(t, m, exact30, from, to)
}

func (c *clip) feedTimed(t testing.TB, m *llhls.Muxer, tm timing, from, to time.Duration) {
	t.Helper()
	var units []unit
	for i := 0; ; i++ {
		at := tm.at(time.Duration(int64(i) * tm.scale * int64(time.Second) / tm.rate))
		if at >= to {
			break
		}
		if at >= from {
			units = append(units, unit{at: at, video: c.video[i%len(c.video)]})
		}
	}
	for j := 0; ; j++ {
		at := tm.at(time.Duration(j) * 1024 * time.Second / sampleRate)
		if at >= to {
			break
		}
		if at >= from {
			units = append(units, unit{at: at, audio: c.audio[j%len(c.audio)]})
		}
	}
	sort.SliceStable(units, func(a, b int) bool { return units[a].at < units[b].at })
	for _, u := range units {
		if u.video != nil {
			require.NoError(t, m.WriteH264(base+u.at+tm.ptsDelay, base+u.at, u.video))
		} else {
			require.NoError(t, m.WriteAAC(base+u.at, u.audio))
		}
	}
}

func itoa(n uint64) string { return strconv.FormatUint(n, 10) }
