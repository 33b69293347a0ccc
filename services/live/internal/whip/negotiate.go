package whip

import (
	"context"
	"crypto/sha256"
	"fmt"
	"time"

	"github.com/pion/webrtc/v4"
)

// gatherTimeout bounds the candidate gathering before the answer: the
// host candidates of the UDP port are known at once, so this is only a
// bound.
const gatherTimeout = 5 * time.Second

// answer starts a session for offer and returns it with the SDP answer,
// which holds every candidate (no trickle).
func (h *Handler) answer(offer []byte, key string) (*Session, string, error) {
	pc, err := h.api.NewPeerConnection(webrtc.Configuration{})
	if err != nil {
		return nil, "", fmt.Errorf("whip: peer connection: %w", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &Session{id: sessionID(), keyHash: sha256.Sum256([]byte(key)), pc: pc, cfg: h.cfg,
		units: make(chan unit, queueLength), ready: make(chan struct{}), done: make(chan struct{}),
		closedDone: make(chan struct{}), ctx: ctx, cancel: cancel, receiving: map[webrtc.RTPCodecType]bool{}}
	s.logger = h.cfg.Logger.With("whip_session", s.id[:8])
	if err := h.add(s); err != nil {
		s.Close()
		return nil, "", err
	}
	pc.OnTrack(func(track *webrtc.TrackRemote, _ *webrtc.RTPReceiver) { s.receive(track) })
	pc.OnConnectionStateChange(func(state webrtc.PeerConnectionState) {
		s.logger.Debug("whip: connection state", "state", state.String())
		if state == webrtc.PeerConnectionStateFailed || state == webrtc.PeerConnectionStateClosed {
			s.Close()
		}
	})
	answer, err := s.negotiate(string(offer))
	if err != nil {
		s.logger.Info("whip: offer not answered", "error", err)
		s.Close()
		return nil, "", errBadOffer
	}
	return s, answer, nil
}

// negotiate answers offer once the local candidates are gathered.
func (s *Session) negotiate(offer string) (string, error) {
	if err := s.pc.SetRemoteDescription(webrtc.SessionDescription{Type: webrtc.SDPTypeOffer, SDP: offer}); err != nil {
		return "", err
	}
	answer, err := s.pc.CreateAnswer(nil)
	if err != nil {
		return "", err
	}
	gathered := webrtc.GatheringCompletePromise(s.pc)
	if err := s.pc.SetLocalDescription(answer); err != nil {
		return "", err
	}
	select {
	case <-gathered:
	case <-time.After(gatherTimeout):
		return "", fmt.Errorf("candidates not gathered within %s", gatherTimeout)
	}
	return s.pc.LocalDescription().SDP, nil
}

// add registers s, unless the handler is full or closed; s's Close
// removes it.
func (h *Handler) add(s *Session) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed || len(h.sessions) >= h.cfg.MaxSessions {
		return errFull
	}
	h.sessions[s.id] = s
	s.onClose = func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		delete(h.sessions, s.id)
	}
	return nil
}
