package whip

import (
	"time"

	"github.com/pion/rtp/codecs"
	"github.com/pion/webrtc/v4"
	"github.com/pion/webrtc/v4/pkg/media/samplebuilder"
)

// audioMaxLate is how many packets (20 ms each) an Opus packet waits for
// one before it: reordering only, Opus carries its own loss concealment.
const audioMaxLate = 10

// receiveAudio feeds a track's Opus to the session's ffmpeg, whose AAC
// frames are queued for the ingest once the stream has started (its first
// keyframe).
func (s *Session) receiveAudio(track *webrtc.TrackRemote) {
	aac, err := startTranscoder(s.ctx, s.cfg.FFmpeg, func(pts time.Duration, au []byte) {
		select {
		case <-s.ready:
			s.push(unit{pts: pts, aac: au}) // a full queue drops audio: video decides
		default:
		}
	})
	if err != nil {
		s.logger.Error("whip: the audio transcoder did not start", "error", err)
		go s.Close()
		return
	}
	clock := audioClock{trackClock: trackClock{rate: 48000}}
	defer func() {
		if err := aac.close(); err != nil && s.ctx.Err() == nil {
			s.logger.Warn("whip: the audio transcoder failed", "error", err)
		}
		if clock.moves > 0 {
			// A publisher whose sound runs slow or fast: worth knowing
			// when its viewers hear gaps.
			s.logger.Info("whip: the audio's clock was corrected", "times", clock.moves, "by", clock.offset)
		}
	}()
	builder := samplebuilder.New(audioMaxLate, &codecs.OpusPacket{}, 48000)
	for {
		pkt, _, err := track.ReadRTP()
		if err != nil {
			return
		}
		s.received.Add(int64(pkt.MarshalSize()))
		builder.Push(pkt)
		for sample := builder.Pop(); sample != nil; sample = builder.Pop() {
			if err := aac.write(clock.time(sample.PacketTimestamp, s.sinceEpoch()), sample.Data); err != nil {
				s.logger.Warn("whip: the audio transcoder stopped", "error", err)
				go s.Close()
				return
			}
		}
	}
}
