package ingest

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/vidhost/vidhost/services/live/internal/whip"
)

// WHIP publishers (package whip) are admitted when they POST their offer:
// the handler asks Admit with the bearer token, and a refusal is answered
// with the HTTP status of its kind (whipStatus) and its words. An admitted
// publisher's session, once answered, runs like an RTMP or SRT connection
// (whipSource).

// whipAuthTimeout bounds the key check of a WHIP offer: the publisher
// waits for its answer meanwhile.
const whipAuthTimeout = 5 * time.Second

// errWHIPNoKey is an offer without a bearer token.
var errWHIPNoKey = &Refusal{Reason: "no stream key: send it as the bearer token (Authorization: Bearer <stream key>)", Kind: KindBadRequest}

// whipStatus is the HTTP status of each kind of refusal. A missing key is
// 401, as RFC 9725 has it for a request without its token; a wrong,
// revoked or ended one 403 (the catalog does not tell them apart).
var whipStatus = map[RefusalKind]int{
	KindForbidden:     http.StatusForbidden,
	KindBusy:          http.StatusConflict,
	KindLimit:         http.StatusTooManyRequests,
	KindBadRequest:    http.StatusUnauthorized,
	KindNotPublishing: http.StatusMethodNotAllowed,
	KindUnacceptable:  http.StatusUnprocessableEntity,
	KindUnavailable:   http.StatusServiceUnavailable,
}

// WHIP returns what the WHIP handler admits publishers with. ctx is the
// service's, as given to Serve: a run lasts until it ends.
func (s *Server) WHIP(ctx context.Context) whip.Ingest { return whipIngest{s: s, ctx: ctx} }

type whipIngest struct {
	s   *Server
	ctx context.Context
}

// Admit checks the key and claims its event, as for every protocol.
func (w whipIngest) Admit(ctx context.Context, key string) (whip.Admission, error) {
	var err error
	var g Grant
	switch {
	case w.ctx.Err() != nil:
		err = errUnavailable
	case key == "":
		err = errWHIPNoKey
	default:
		authCtx, cancel := context.WithTimeout(ctx, whipAuthTimeout)
		defer cancel()
		g, err = w.s.admit(authCtx, key)
	}
	if err != nil {
		refusal := refusalOf(err)
		status := whipStatus[refusal.Kind]
		// The key is never logged: it is the event's credential.
		w.s.cfg.Logger.Info("publisher refused", "protocol", "whip", "reason", refusal.Reason, "status", status)
		return nil, &whip.Rejection{Status: status, Reason: refusal.Reason}
	}
	return &whipAdmission{s: w.s, ctx: w.ctx, grant: g, key: key}, nil
}

// whipAdmission is an admitted WHIP publisher whose offer is being
// answered.
type whipAdmission struct {
	s     *Server
	ctx   context.Context
	grant Grant
	key   string
}

func (a *whipAdmission) Cancel() { a.s.release(a.grant.VideoID) }

func (a *whipAdmission) VideoID() string { return a.grant.VideoID }

// Publish runs the session's stream on a goroutine of the server's, which
// Serve waits for; a session answered as the service stops is closed.
func (a *whipAdmission) Publish(sess *whip.Session) {
	s := a.s
	s.mu.Lock()
	if s.stopping {
		s.mu.Unlock()
		a.Cancel()
		go sess.Close()
		return
	}
	s.conns.Add(1)
	s.mu.Unlock()
	logger := s.cfg.Logger.With("protocol", "whip", "whip_session", sess.ID()[:8],
		"video_id", a.grant.VideoID, "account_id", a.grant.AccountID)
	go func() {
		defer s.conns.Done()
		defer a.Cancel()
		defer sess.Close()
		stop := context.AfterFunc(a.ctx, sess.Close)
		defer stop()
		a.run(sess, logger)
	}()
}

func (a *whipAdmission) run(sess *whip.Session, logger *slog.Logger) {
	err := a.s.publish(a.ctx, whipSource{sess: sess}, publishing{grant: a.grant, key: a.key}, logger)
	if err != nil {
		// After the answer: the publisher sees its connection closed.
		logger.Info("publisher refused", "reason", reasonOf(err))
	}
}

// whipSource is a WHIP session's stream: the session has already turned
// its RTP into H.264 and AAC access units with their times.
type whipSource struct{ sess *whip.Session }

func (src whipSource) tracks() (streamTracks, error) {
	t, err := src.sess.Tracks()
	if err != nil {
		return streamTracks{}, &Refusal{Reason: err.Error(), Kind: KindUnacceptable}
	}
	return streamTracks{sps: t.SPS, pps: t.PPS, aac: t.AAC}, nil
}

func (src whipSource) onMedia(video func(pts, dts time.Duration, au [][]byte), audio func(pts time.Duration, au []byte)) {
	src.sess.OnMedia(video, audio)
}

func (src whipSource) readMedia(timeout time.Duration) error { return src.sess.ReadMedia(timeout) }

func (src whipSource) cut() { src.sess.Close() }

func (src whipSource) received() int64 { return src.sess.Received() }
