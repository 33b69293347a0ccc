package whip

import (
	"errors"
	"net"
	"time"

	"github.com/bluenviron/mediacommon/v2/pkg/codecs/h264"
	"github.com/pion/rtcp"
	"github.com/pion/rtp/codecs"
	"github.com/pion/webrtc/v4"
	"github.com/pion/webrtc/v4/pkg/media"
	"github.com/pion/webrtc/v4/pkg/media/samplebuilder"
)

const (
	// videoMaxLate is how many packets a frame waits for a missing one
	// (NACKs bring most back within a round trip): at 2.5 Mbit/s, about
	// half a second; videoMaxDelay bounds it in time.
	videoMaxLate  = 128
	videoMaxDelay = 500 * time.Millisecond
	// askAgainEvery is how often a keyframe is asked for while one is
	// needed (before the first, after a loss): browsers ignore requests
	// that come faster than they can answer.
	askAgainEvery = 500 * time.Millisecond
)

// videoReceiver turns a track's H.264 RTP into access units with their
// times, asking for keyframes as the stream needs them.
type videoReceiver struct {
	s        *Session
	track    *webrtc.TrackRemote
	clock    trackClock
	planner  keyframePlanner
	dts      h264.DTSExtractor
	sps, pps []byte
	started  bool
	// waitKey drops frames until the next keyframe: after a loss, or
	// frames the ingest could not take, later frames would not decode.
	waitKey bool
	asked   time.Time
}

func (s *Session) receiveVideo(track *webrtc.TrackRemote) {
	v := &videoReceiver{s: s, track: track, clock: trackClock{rate: 90000},
		planner: keyframePlanner{every: SegmentDuration}, waitKey: true}
	v.dts.Initialize()
	builder := samplebuilder.New(videoMaxLate, &codecs.H264Packet{}, 90000, samplebuilder.WithMaxTimeDelay(videoMaxDelay))
	v.ask()
	for {
		// A read deadline lets the receiver ask again for the first
		// keyframe when nothing comes.
		_ = track.SetReadDeadline(time.Now().Add(askAgainEvery))
		pkt, _, err := track.ReadRTP()
		switch {
		case err == nil:
		case isTimeout(err):
			v.askAgain()
			continue
		default:
			return
		}
		s.received.Add(int64(pkt.MarshalSize()))
		builder.Push(pkt)
		for sample := builder.Pop(); sample != nil; sample = builder.Pop() {
			v.frame(sample)
		}
		if v.waitKey {
			v.askAgain()
		}
	}
}

// frame takes one frame: queued for the ingest, or dropped while a
// keyframe is awaited.
func (v *videoReceiver) frame(sample *media.Sample) {
	if sample.PrevDroppedPackets > 0 {
		v.waitKey = true
	}
	var au h264.AnnexB
	if err := au.Unmarshal(sample.Data); err != nil || len(au) == 0 {
		v.waitKey = true
		return
	}
	pts := v.clock.time(sample.PacketTimestamp, v.s.sinceEpoch)
	key := h264.IsRandomAccess(au)
	if sps, pps := parameterSets(au); sps != nil || pps != nil {
		v.sps, v.pps = orElse(sps, v.sps), orElse(pps, v.pps)
	}
	if v.waitKey && (!key || v.sps == nil || v.pps == nil) {
		return
	}
	v.waitKey = false
	dts, err := v.dts.Extract(au, ticks90k(pts))
	if err != nil {
		v.waitKey = true
		return
	}
	if !v.started {
		v.started = true
		v.s.start(Tracks{SPS: v.sps, PPS: v.pps, AAC: AAC}, pts)
	}
	if !v.s.push(unit{video: true, pts: pts, dts: time.Duration(dts) * time.Second / 90000, h264: au}) {
		v.waitKey = true
		return
	}
	if v.planner.frame(pts, key) {
		v.ask()
	}
}

// ask sends a keyframe request (RTCP PLI).
func (v *videoReceiver) ask() {
	v.asked = time.Now()
	err := v.s.pc.WriteRTCP([]rtcp.Packet{&rtcp.PictureLossIndication{MediaSSRC: uint32(v.track.SSRC())}})
	if err != nil {
		v.s.logger.Debug("whip: keyframe request not sent", "error", err)
	}
}

// askAgain asks while a keyframe is awaited, at most every askAgainEvery.
func (v *videoReceiver) askAgain() {
	if (v.waitKey || !v.started) && time.Since(v.asked) >= askAgainEvery {
		v.ask()
	}
}

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

func orElse(b, otherwise []byte) []byte {
	if b != nil {
		return b
	}
	return otherwise
}

// isTimeout reports whether a read ended at its deadline.
func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}
