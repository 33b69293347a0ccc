package ingest

import (
	"context"
	"log/slog"
	"net"
	"strings"
	"time"

	"github.com/bluenviron/gortmplib"
	"github.com/bluenviron/gortmplib/pkg/codecs"
)

// handle runs one connection: handshake, key check, then the publisher's
// run. The connection is closed when it returns; a context ending closes it
// early, which ends the run.
func (s *Server) handle(ctx context.Context, raw net.Conn) {
	conn := &countingConn{Conn: raw}
	defer conn.Close()
	stop := context.AfterFunc(ctx, func() { _ = conn.Close() })
	defer stop()
	logger := s.cfg.Logger.With("remote", conn.RemoteAddr().String())
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
	g, err := s.admit(ctx, sc, key)
	if err != nil {
		// The key is never logged: it is the event's credential.
		logger.Info("publisher refused", "reason", reasonOf(err))
		refuse(sc, reasonOf(err))
		return
	}
	defer s.release(g.VideoID)
	logger = logger.With("video_id", g.VideoID, "account_id", g.AccountID)
	if err := s.publish(ctx, conn, sc, publishing{grant: g, key: key}, logger); err != nil {
		logger.Info("publisher refused", "reason", reasonOf(err))
		refuse(sc, reasonOf(err))
	}
}

// admit checks the connection's key and claims its event.
func (s *Server) admit(ctx context.Context, sc *gortmplib.ServerConn, key string) (Grant, error) {
	if !sc.Publish {
		return Grant{}, errNotPublishing
	}
	if key == "" {
		return Grant{}, errNoKey
	}
	g, err := s.auth.AuthorizePublish(ctx, key)
	if err != nil {
		return Grant{}, err
	}
	if !s.claim(g.VideoID) {
		return Grant{}, errBusy
	}
	return g, nil
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

// publish reads the stream's tracks, refusing what the pipeline cannot
// take, and runs it.
func (s *Server) publish(ctx context.Context, conn *countingConn, sc *gortmplib.ServerConn, p publishing, logger *slog.Logger) error {
	r := &gortmplib.Reader{Conn: sc}
	if err := r.Initialize(); err != nil {
		return &Refusal{Reason: "the stream could not be read: " + err.Error()}
	}
	var video *gortmplib.Track
	var audio *gortmplib.Track
	for _, t := range r.Tracks() {
		switch t.Codec.(type) {
		case *codecs.H264:
			video = t
		case *codecs.MPEG4Audio:
			audio = t
		default:
			return &Refusal{Reason: "the stream has a track the live service does not take; send one H.264 video and one AAC audio track"}
		}
	}
	switch {
	case video == nil:
		return errNoH264
	case audio == nil:
		return errNoAAC
	}
	if err := checkVideo(video.Codec.(*codecs.H264)); err != nil {
		return err
	}
	return s.run(ctx, conn, r, p, trackPair{video: video, audio: audio}, logger)
}
