package whip

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"io"
	"mime"
	"net/http"
	"path"
	"strings"
	"sync"

	"github.com/pion/ice/v4"
	"github.com/pion/webrtc/v4"
)

// Ingest admits publishers: the live service's ingest server, which
// checks the stream key with the catalog and claims its event.
type Ingest interface {
	// Admit checks key and claims its event. A refusal is a *Rejection
	// (its status and words); another error is the service failing.
	Admit(ctx context.Context, key string) (Admission, error)
}

// Admission is an admitted publisher, waiting for its session.
type Admission interface {
	// Publish hands the session over, answered: the ingest runs its stream
	// and closes it when the stream ends. It does not block.
	Publish(s *Session)
	// Cancel gives the claim up: the session could not be set up.
	Cancel()
	// VideoID is the video of the key's event.
	VideoID() string
}

// maxOffer bounds an SDP offer: a browser's is a few KB.
const maxOffer = 64 << 10

// Handler is the WHIP endpoint and its sessions' resources (see the
// package doc for the paths).
type Handler struct {
	cfg      Config
	ingest   Ingest
	api      *webrtc.API
	udpMux   ice.UDPMux
	mu       sync.Mutex
	sessions map[string]*Session
	closed   bool
}

// New returns the handler of cfg's UDP port, admitting publishers with
// in. Close ends its sessions and closes the port.
func New(cfg Config, in Ingest) (*Handler, error) {
	if err := cfg.defaults(); err != nil {
		return nil, err
	}
	api, mux, err := newAPI(cfg)
	if err != nil {
		return nil, err
	}
	return &Handler{cfg: cfg, ingest: in, api: api, udpMux: mux, sessions: map[string]*Session{}}, nil
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	allowCORS(w.Header())
	switch r.Method {
	case http.MethodOptions:
		w.Header().Set("Accept-Post", "application/sdp")
		w.WriteHeader(http.StatusNoContent)
	case http.MethodPost:
		h.create(w, r)
	case http.MethodDelete:
		h.delete(w, r)
	case http.MethodPatch:
		refuse(w, errNoTrickle)
	default:
		refuse(w, errMethod)
	}
}

// allowCORS lets a page of any origin publish: the credential is the
// bearer token the page sends, never a cookie.
func allowCORS(header http.Header) {
	header.Set("Access-Control-Allow-Origin", "*")
	header.Set("Access-Control-Allow-Methods", "POST, DELETE, OPTIONS")
	header.Set("Access-Control-Allow-Headers", "Authorization, Content-Type")
	header.Set("Access-Control-Expose-Headers", "Location")
	header.Set("Access-Control-Max-Age", "86400")
	header.Set("Allow", "POST, DELETE, OPTIONS")
}

// create answers an offer: admission, the offer's codecs, the answer.
func (h *Handler) create(w http.ResponseWriter, r *http.Request) {
	offer, err := readOffer(w, r)
	if err != nil {
		refuse(w, err)
		return
	}
	if h.Sessions() >= h.cfg.MaxSessions {
		refuse(w, errFull) // before the key is checked: the catalog is spared
		return
	}
	key := bearer(r.Header)
	admission, err := h.ingest.Admit(r.Context(), key)
	if err != nil {
		refuse(w, err)
		return
	}
	if id, ok := pathVideoID(r.URL.Path); ok && id != admission.VideoID() {
		admission.Cancel()
		refuse(w, errOtherVideo)
		return
	}
	// The codecs are checked after the key, as RFC 9725 has it: an
	// unauthenticated publisher learns nothing but that.
	s, answer, err := h.start(offer, key)
	if err != nil {
		admission.Cancel()
		refuse(w, err)
		return
	}
	admission.Publish(s)
	w.Header().Set("Content-Type", "application/sdp")
	w.Header().Set("Location", strings.TrimSuffix(r.URL.Path, "/")+"/"+s.id)
	w.WriteHeader(http.StatusCreated)
	_, _ = io.WriteString(w, answer) //nolint:gosec // application/sdp made by pion from our own description, not HTML
}

// pathVideoID is the {id} of the edge's route, /v2/videos/{id}/whip; other
// paths (OBS's /whip) name no video, and the key alone names the event.
func pathVideoID(path string) (string, bool) {
	rest, ok := strings.CutPrefix(path, "/v2/videos/")
	if !ok {
		return "", false
	}
	id, ok := strings.CutSuffix(strings.TrimSuffix(rest, "/"), "/whip")
	return id, ok && id != "" && !strings.Contains(id, "/")
}

// readOffer reads the body of a POST.
func readOffer(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	if media, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || media != "application/sdp" {
		return nil, errNotSDP
	}
	offer, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxOffer))
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		return nil, errOfferTooBig
	case err != nil:
		return nil, errBadOffer
	}
	return offer, nil
}

// start checks the offer's codecs and answers it.
func (h *Handler) start(offer []byte, key string) (*Session, string, error) {
	if err := checkOffer(offer); err != nil {
		return nil, "", err
	}
	return h.answer(offer, key)
}

// delete ends a session: the holder of its URL may, and a bearer token,
// when sent, must be the session's key.
func (h *Handler) delete(w http.ResponseWriter, r *http.Request) {
	h.mu.Lock()
	s := h.sessions[path.Base(r.URL.Path)]
	h.mu.Unlock()
	if s == nil {
		refuse(w, errNoSession)
		return
	}
	if key := bearer(r.Header); key != "" {
		if hash := sha256.Sum256([]byte(key)); subtle.ConstantTimeCompare(hash[:], s.keyHash[:]) != 1 {
			refuse(w, errNotYours)
			return
		}
	}
	s.Close()
	w.WriteHeader(http.StatusOK)
}

// bearer is the request's bearer token ("" if none).
func bearer(header http.Header) string {
	scheme, token, ok := strings.Cut(header.Get("Authorization"), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return ""
	}
	return strings.TrimSpace(token)
}

// refuse answers err's status with its reason as plain text.
func refuse(w http.ResponseWriter, err error) {
	r := rejectionOf(err)
	if r.Status == http.StatusUnauthorized {
		w.Header().Set("WWW-Authenticate", `Bearer realm="whip"`)
	}
	if r.Status == http.StatusServiceUnavailable {
		w.Header().Set("Retry-After", "5")
	}
	http.Error(w, r.Reason, r.Status)
}

// sessionID is a session's id: 256 random bits, so that its URL, which
// ends the session, cannot be guessed.
func sessionID() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// Sessions returns how many sessions are open, negotiating or publishing.
func (h *Handler) Sessions() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.sessions)
}

// Close ends every session and closes the UDP port.
func (h *Handler) Close() error {
	h.mu.Lock()
	h.closed = true
	open := make([]*Session, 0, len(h.sessions))
	for _, s := range h.sessions {
		open = append(open, s)
	}
	h.mu.Unlock()
	for _, s := range open {
		s.Close()
	}
	return h.udpMux.Close()
}
