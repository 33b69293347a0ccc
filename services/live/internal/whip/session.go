package whip

import (
	"context"
	"crypto/sha256"
	"errors"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bluenviron/mediacommon/v2/pkg/codecs/mpeg4audio"
	"github.com/pion/webrtc/v4"
)

// Tracks is what the ingest learns of a session's stream before its first
// frame.
type Tracks struct {
	// SPS and PPS are the H.264 parameter sets of the first keyframe.
	SPS, PPS []byte
	// AAC is the audio's configuration (always AAC: the session's ffmpeg
	// encodes it).
	AAC mpeg4audio.AudioSpecificConfig
}

// queueLength bounds the access units waiting for the ingest: about 10 s
// of 30 fps video and its audio. WebRTC has no backpressure: when the
// ingest falls that far behind, frames are dropped until the next
// keyframe.
const queueLength = 1024

// unit is an access unit waiting for the ingest.
type unit struct {
	video    bool
	pts, dts time.Duration
	h264     [][]byte
	aac      []byte
}

// Session is one publisher's WebRTC connection. Its receivers turn RTP
// into access units, queued until the ingest reads them with ReadMedia
// (on the ingest's goroutine, like an RTMP or SRT connection's reads).
type Session struct {
	id       string
	keyHash  [sha256.Size]byte
	pc       *webrtc.PeerConnection
	cfg      Config
	logger   *slog.Logger
	units    chan unit
	ready    chan struct{} // closed at the first keyframe with its parameter sets
	tracks   Tracks        // set before ready is closed
	firstKey time.Duration // the first keyframe's stream time, likewise
	done     chan struct{}
	ctx      context.Context // ends when the session closes: its ffmpeg
	cancel   context.CancelFunc
	received atomic.Int64
	counts   struct{ video, audio, dropped atomic.Int64 } // units queued and dropped, logged at the end
	epoch    struct {
		once sync.Once
		at   time.Time
	}
	mu         sync.Mutex // guards closed, receiving and the WaitGroup's Go against Close's Wait
	closed     bool
	receiving  map[webrtc.RTPCodecType]bool
	receivers  sync.WaitGroup
	onClose    func()
	videoFunc  func(pts, dts time.Duration, au [][]byte)
	audioFunc  func(pts time.Duration, au []byte)
	closeOnce  sync.Once
	closedDone chan struct{}
}

// Errors a session's reads end with, in words for the ingest's log.
var (
	errEnded   = errors.New("the WebRTC session ended")
	errNoStart = errors.New("no H.264 keyframe arrived after the answer (is the WHIP UDP port reachable from the publisher?)")
)

// stallError is a read that waited its whole timeout: a net.Error whose
// Timeout is true, as the ingest expects of a stalled publisher.
type stallError struct{}

func (stallError) Error() string   { return "no media arrived" }
func (stallError) Timeout() bool   { return true }
func (stallError) Temporary() bool { return true }

// ID is the session's id: the last element of its resource URL.
func (s *Session) ID() string { return s.id }

// Tracks waits for the first keyframe (StartTimeout at most) and returns
// what the ingest needs before the stream.
func (s *Session) Tracks() (Tracks, error) {
	timer := time.NewTimer(s.cfg.StartTimeout)
	defer timer.Stop()
	select {
	case <-s.ready:
		return s.tracks, nil
	case <-s.done:
		return Tracks{}, errEnded
	case <-timer.C:
		return Tracks{}, errNoStart
	}
}

// OnMedia sets where access units go, before the first ReadMedia. The
// first video unit is the first keyframe; audio from before it is dropped
// (nothing to play it with).
func (s *Session) OnMedia(video func(pts, dts time.Duration, au [][]byte), audio func(pts time.Duration, au []byte)) {
	s.videoFunc, s.audioFunc = video, audio
}

// ReadMedia hands over the next access unit. It fails with a net.Error
// whose Timeout is true when nothing arrives for timeout, and with another
// error once the session has ended.
func (s *Session) ReadMedia(timeout time.Duration) error {
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case u := <-s.units:
		switch {
		case u.video:
			s.videoFunc(u.pts, u.dts, u.h264)
		case u.pts >= s.firstKey:
			s.audioFunc(u.pts, u.aac)
		}
		return nil
	case <-s.done:
		return errEnded
	case <-timer.C:
		return stallError{}
	}
}

// Received counts the bytes of RTP received, headers included: what the
// plan's bitrate limit is measured on.
func (s *Session) Received() int64 { return s.received.Load() }

// Done is closed once the session has been closed.
func (s *Session) Done() <-chan struct{} { return s.done }

// Close ends the session: the peer connection, its receivers and its
// ffmpeg. It returns once they are done.
func (s *Session) Close() {
	s.closeOnce.Do(func() {
		s.mu.Lock()
		s.closed = true
		s.mu.Unlock()
		close(s.done)
		if err := s.pc.Close(); err != nil {
			s.logger.Debug("whip: peer connection close", "error", err)
		}
		s.receivers.Wait()
		s.cancel()
		s.logger.Info("whip session ended", "video_frames", s.counts.video.Load(), "audio_frames", s.counts.audio.Load(),
			"dropped", s.counts.dropped.Load(), "received_bytes", s.received.Load())
		if s.onClose != nil {
			s.onClose()
		}
		close(s.closedDone)
	})
	<-s.closedDone
}

// receive starts the receiver of a track, the first of its kind: a second
// video or audio track (simulcast layers, a second camera) is not read.
func (s *Session) receive(track *webrtc.TrackRemote) {
	s.mu.Lock()
	defer s.mu.Unlock()
	kind := track.Kind()
	if s.closed || s.receiving[kind] {
		return
	}
	s.receiving[kind] = true
	switch kind {
	case webrtc.RTPCodecTypeVideo:
		s.receivers.Go(func() { s.receiveVideo(track) })
	case webrtc.RTPCodecTypeAudio:
		s.receivers.Go(func() { s.receiveAudio(track) })
	}
}

// sinceEpoch is the stream time now: streamStart at the session's first
// packet, of whichever track.
func (s *Session) sinceEpoch() time.Duration {
	s.epoch.once.Do(func() { s.epoch.at = time.Now() })
	return streamStart + time.Since(s.epoch.at)
}

// start records the stream's tracks at its first keyframe and lets the
// ingest in.
func (s *Session) start(t Tracks, firstKey time.Duration) {
	s.tracks, s.firstKey = t, firstKey
	close(s.ready)
}

// push queues u for the ingest, or reports that the queue is full.
func (s *Session) push(u unit) bool {
	select {
	case s.units <- u:
		if u.video {
			s.counts.video.Add(1)
		} else {
			s.counts.audio.Add(1)
		}
		return true
	default:
		s.counts.dropped.Add(1)
		return false
	}
}
