package ingest

import (
	"context"
	"net"
	"strings"
	"time"

	"github.com/bluenviron/gortmplib"
	"github.com/bluenviron/gortmplib/pkg/codecs"
)

// handle runs one RTMP connection: handshake, key check, then the
// publisher's run. The connection is closed when it returns; a context
// ending closes it early, which ends the run.
func (s *Server) handle(ctx context.Context, raw net.Conn) {
	conn := &countingConn{Conn: raw}
	defer conn.Close()
	stop := context.AfterFunc(ctx, func() { _ = conn.Close() })
	defer stop()
	logger := s.cfg.Logger.With("remote", conn.RemoteAddr().String(), "protocol", "rtmp")
	_ = conn.SetDeadline(time.Now().Add(handshakeTimeout))
	sc := &gortmplib.ServerConn{RW: conn}
	if err := sc.Initialize(); err != nil {
		logger.Debug("rtmp handshake failed", "error", err)
		return
	}
	if err := sc.AcceptConn(); err != nil {
		logger.Debug("rtmp connect failed", "error", err)
		return
	}
	key := streamKeyOf(sc.URL.Path)
	g, err := s.admitRTMP(ctx, sc, key)
	if err != nil {
		// The key is never logged: it is the event's credential.
		logger.Info("publisher refused", "reason", reasonOf(err))
		refuse(sc, reasonOf(err))
		return
	}
	defer s.release(g.VideoID)
	logger = logger.With("video_id", g.VideoID, "account_id", g.AccountID)
	src := &rtmpSource{conn: conn, sc: sc}
	if err := s.publish(ctx, src, publishing{grant: g, key: key}, logger); err != nil {
		logger.Info("publisher refused", "reason", reasonOf(err))
		refuse(sc, reasonOf(err))
	}
}

// admitRTMP admits a connection that publishes.
func (s *Server) admitRTMP(ctx context.Context, sc *gortmplib.ServerConn, key string) (Grant, error) {
	if !sc.Publish {
		return Grant{}, errNotPublishing
	}
	return s.admit(ctx, key)
}

// streamKeyOf returns the key of an RTMP path /live/<key> ("" if none).
// OBS splits the URL into a server (…/live) and a key, and sends the key
// as the stream name, which ends up as the last segment.
func streamKeyOf(path string) string {
	rest, ok := strings.CutPrefix(path, "/live/")
	if !ok || rest == "" || strings.Contains(rest, "/") {
		return ""
	}
	return rest
}

// rtmpSource is an RTMP publisher's stream: gortmplib parses the FLV
// tracks and hands over typed access units.
type rtmpSource struct {
	conn         *countingConn
	sc           *gortmplib.ServerConn
	r            *gortmplib.Reader
	video, audio *gortmplib.Track
}

func (src *rtmpSource) tracks() (streamTracks, error) {
	src.r = &gortmplib.Reader{Conn: src.sc}
	if err := src.r.Initialize(); err != nil {
		return streamTracks{}, &Refusal{Reason: "the stream could not be read: " + err.Error(), Kind: KindUnacceptable}
	}
	for _, t := range src.r.Tracks() {
		switch t.Codec.(type) {
		case *codecs.H264:
			src.video = t
		case *codecs.MPEG4Audio:
			src.audio = t
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
	h264 := src.video.Codec.(*codecs.H264)
	return streamTracks{sps: h264.SPS, pps: h264.PPS, aac: *src.audio.Codec.(*codecs.MPEG4Audio).Config}, nil
}

func (src *rtmpSource) onMedia(video func(pts, dts time.Duration, au [][]byte), audio func(pts time.Duration, au []byte)) {
	src.r.OnDataH264(src.video, video)
	src.r.OnDataMPEG4Audio(src.audio, audio)
}

func (src *rtmpSource) readMedia(timeout time.Duration) error {
	_ = src.conn.SetReadDeadline(time.Now().Add(timeout))
	return src.r.Read()
}

func (src *rtmpSource) cut() { _ = src.conn.Close() }

func (src *rtmpSource) received() int64 { return src.conn.read.Load() }
