package ingest

import (
	"context"
	"net/url"
	"strings"
	"time"

	"github.com/vidhost/vidhost/services/live/internal/srt"
)

// SRT publishers are admitted during the handshake, in the listener's hook
// (libsrt's listen callback): a wrong key, a second publisher or a plan
// limit is refused there with a reject code the publisher receives
// (srtRejectCodes). An admitted publisher's grant waits in s.pending,
// under its socket id, for the accept loop to take it.

// srtAuthTimeout bounds the key check inside the handshake: the hook holds
// libsrt's receiving thread for the port meanwhile (other publishers'
// packets wait in the socket buffer), and callers give up connecting after
// 3 s by default.
const srtAuthTimeout = 2 * time.Second

// Refusals of SRT publishers (the RTMP ones name RTMP URLs).
var (
	errSRTNoKey         = &Refusal{Reason: "no stream key: set streamid to publish:<stream key>", Kind: KindBadRequest}
	errSRTNotPublishing = &Refusal{Reason: "this server only accepts publishers (streamid publish:<stream key>)", Kind: KindNotPublishing}
)

// srtRejectCodes are the SRT reject codes of each kind of refusal: the
// access-control codes (HTTP status + 1000) of srt/access_control.h, and
// 1429 (HTTP 429) for a plan limit. docs/live.md lists them.
var srtRejectCodes = map[RefusalKind]srt.RejectCode{
	KindForbidden:     srt.RejectForbidden,
	KindBusy:          srt.RejectConflict,
	KindLimit:         srt.RejectTooMany,
	KindBadRequest:    srt.RejectBadRequest,
	KindNotPublishing: srt.RejectBadMode,
	KindUnacceptable:  srt.RejectUnacceptable,
	KindUnavailable:   srt.RejectUnavailable,
}

// srtAdmission is a publisher admitted in the handshake, waiting for the
// accept loop; expiry releases its event if it never gets there.
type srtAdmission struct {
	grant  Grant
	key    string
	expiry *time.Timer
}

// srtStreamKey returns the stream key of an SRT streamid, in any of the
// forms publishers use: the SRT access-control syntax "#!::r=<key>,m=publish"
// (m may be left out: the port takes only publishers), MediaMTX's
// "publish:<key>" (the form the catalog shows), or the bare key. A
// streamid still URL-escaped is decoded first: ffmpeg 5.1 sends the
// streamid of srt://…?streamid=publish%3A… as written, and a stream key
// never holds a '%'.
func srtStreamKey(streamID string) (string, error) {
	if strings.Contains(streamID, "%") {
		if unescaped, err := url.PathUnescape(streamID); err == nil {
			streamID = unescaped
		}
	}
	var key string
	switch {
	case strings.HasPrefix(streamID, "#!::"):
		fields := map[string]string{}
		for _, kv := range strings.Split(streamID[len("#!::"):], ",") {
			k, v, _ := strings.Cut(kv, "=")
			fields[k] = v
		}
		if m := fields["m"]; m != "" && m != "publish" {
			return "", errSRTNotPublishing
		}
		key = fields["r"]
	case strings.HasPrefix(streamID, "publish:"):
		key = strings.TrimPrefix(streamID, "publish:")
	case strings.HasPrefix(streamID, "read:"), strings.HasPrefix(streamID, "request:"):
		return "", errSRTNotPublishing
	default:
		key = streamID
	}
	if key == "" || strings.ContainsAny(key, ":,=/# ") {
		return "", errSRTNoKey
	}
	return key, nil
}

// srtHook decides on an SRT connection during its handshake.
func (s *Server) srtHook(ctx context.Context) srt.Hook {
	return func(h srt.Handshake) srt.RejectCode {
		key, err := srtStreamKey(h.StreamID)
		if err == nil {
			authCtx, cancel := context.WithTimeout(ctx, srtAuthTimeout)
			defer cancel()
			var g Grant
			if g, err = s.admit(authCtx, key); err == nil {
				s.holdSRT(h.Socket, srtAdmission{grant: g, key: key})
				return srt.Accept
			}
		}
		refusal := refusalOf(err)
		code := srtRejectCodes[refusal.Kind]
		// The key is never logged: it is the event's credential.
		s.cfg.Logger.Info("publisher refused", "protocol", "srt", "remote", addrString(h.Peer),
			"reason", refusal.Reason, "reject_code", int(code))
		return code
	}
}

// holdSRT keeps an admission for the accept loop; a connection that never
// completes its handshake frees its event after handshakeTimeout.
func (s *Server) holdSRT(socket int32, a srtAdmission) {
	s.mu.Lock()
	defer s.mu.Unlock()
	a.expiry = time.AfterFunc(handshakeTimeout, func() {
		if _, ok := s.takeSRT(socket); ok {
			s.release(a.grant.VideoID)
		}
	})
	s.pending[socket] = &a
}

// takeSRT removes and returns the admission of socket, if it is held.
func (s *Server) takeSRT(socket int32) (srtAdmission, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	a := s.pending[socket]
	if a == nil {
		return srtAdmission{}, false
	}
	delete(s.pending, socket)
	a.expiry.Stop()
	return *a, true
}

// acceptSRT accepts SRT connections on l until it is closed.
func (s *Server) acceptSRT(ctx context.Context, l *srt.Listener) {
	for {
		conn, err := l.Accept()
		if err != nil {
			if ctx.Err() == nil {
				s.cfg.Logger.Error("srt accept failed; SRT ingest stopped", "error", err)
			}
			return
		}
		s.conns.Go(func() { s.handleSRT(ctx, conn) })
	}
}

// handleSRT runs an admitted SRT publisher until it ends. A refusal after
// the handshake (the stream's tracks) cannot be told to an SRT publisher:
// it sees its connection closed.
func (s *Server) handleSRT(ctx context.Context, conn *srt.Conn) {
	defer conn.Close()
	stop := context.AfterFunc(ctx, func() { _ = conn.Close() })
	defer stop()
	a, ok := s.takeSRT(conn.Socket())
	if !ok {
		return // its admission expired
	}
	defer s.release(a.grant.VideoID)
	logger := s.cfg.Logger.With("remote", addrString(conn.RemoteAddr()), "protocol", "srt",
		"video_id", a.grant.VideoID, "account_id", a.grant.AccountID)
	if err := s.publish(ctx, newTSSource(conn), publishing{grant: a.grant, key: a.key}, logger); err != nil {
		logger.Info("publisher refused", "reason", reasonOf(err))
	}
}
