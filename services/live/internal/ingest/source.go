package ingest

import (
	"context"
	"log/slog"
	"time"

	"github.com/bluenviron/mediacommon/v2/pkg/codecs/mpeg4audio"
)

// source is an admitted publisher's stream, whatever protocol carries it
// (RTMP: rtmpSource, SRT: tsSource). Everything after admission (the track
// checks, the live run, the key recheck, the bitrate limit, the stall
// timeout and the reconnect window) is shared and sees only this.
type source interface {
	// tracks reads until the stream's H.264 video and AAC audio are known;
	// a stream with other tracks, or without both, is refused.
	tracks() (streamTracks, error)
	// onMedia sets where access units go, before the first readMedia.
	onMedia(video func(pts, dts time.Duration, au [][]byte), audio func(pts time.Duration, au []byte))
	// readMedia reads and hands over the next part of the stream. When the
	// publisher sends nothing for timeout it fails with a net.Error whose
	// Timeout is true; once the connection is gone, with another error.
	readMedia(timeout time.Duration) error
	// cut closes the connection; a readMedia in progress ends.
	cut()
	// received counts the bytes received so far, protocol framing
	// included: what the plan's bitrate limit is measured on.
	received() int64
}

// streamTracks is what the pipeline needs to know of a stream before its
// first frame.
type streamTracks struct {
	// sps and pps are the H.264 parameter sets, put in front of keyframes
	// that lack them.
	sps, pps []byte
	aac      mpeg4audio.AudioSpecificConfig
	// since is when the source began reading the stream, about when its
	// first frame arrived: the track analysis holds frames back (RTMP's
	// reads 2 s of stream, then hands them over at once), so the time a
	// frame is handed over says little of when it came.
	since time.Time
}

// publish reads the stream's tracks, refusing what the pipeline cannot
// take, and runs it. A refusal returned here comes after the protocol's
// handshake: RTMP can still tell the publisher, SRT only closes.
func (s *Server) publish(ctx context.Context, src source, p publishing, logger *slog.Logger) error {
	since := time.Now()
	tracks, err := src.tracks()
	if err != nil {
		return err
	}
	tracks.since = since
	if err := checkVideo(tracks.sps); err != nil {
		return err
	}
	return s.run(ctx, src, p, tracks, logger)
}
