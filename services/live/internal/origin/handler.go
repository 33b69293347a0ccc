package origin

import (
	"log/slog"
	"net/http"

	"github.com/vidhost/vidhost/pkg/liveorigin"
)

// DefaultMaxRequests bounds the requests in flight: each blocked playlist
// or part request holds a goroutine (a few KB) until its part exists, so
// ten thousand viewers of one instance cost tens of megabytes.
const DefaultMaxRequests = 10_000

// Handler serves the registry's streams at liveorigin.Pattern to the
// gateway's edge alone.
type Handler struct {
	registry   *Registry
	gatewayKey []byte
	slots      chan struct{}
	mux        *http.ServeMux
	logger     *slog.Logger
}

// NewHandler returns the handler of registry's streams, checking each
// request's signature with gatewayKey (the gateway's internal-call key)
// and answering 503 beyond maxRequests at once (0: DefaultMaxRequests).
func NewHandler(registry *Registry, gatewayKey []byte, maxRequests int, logger *slog.Logger) *Handler {
	if maxRequests <= 0 {
		maxRequests = DefaultMaxRequests
	}
	h := &Handler{registry: registry, gatewayKey: gatewayKey, slots: make(chan struct{}, maxRequests),
		mux: http.NewServeMux(), logger: logger}
	h.mux.HandleFunc("GET "+liveorigin.Pattern, h.serveStream) // GET patterns match HEAD too
	return h
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if err := liveorigin.Verify(r.Header, r.Method, r.URL.Path, h.gatewayKey); err != nil {
		h.logger.Debug("origin: unsigned request refused", "path", r.URL.Path, "remote", r.RemoteAddr)
		http.Error(w, "unauthorized", http.StatusUnauthorized)
		return
	}
	select {
	case h.slots <- struct{}{}:
		defer func() { <-h.slots }()
	default:
		h.logger.Warn("origin: too many requests in flight", "limit", cap(h.slots))
		w.Header().Set("Retry-After", "1")
		http.Error(w, "busy: try again", http.StatusServiceUnavailable)
		return
	}
	h.mux.ServeHTTP(w, r)
}

// serveStream hands the request to its stream's muxer, which reads the
// file name from the path's last element.
func (h *Handler) serveStream(w http.ResponseWriter, r *http.Request) {
	stream, ok := h.registry.lookup(r.PathValue("video"), r.PathValue("stream"))
	if !ok {
		http.Error(w, "not found", http.StatusNotFound)
		return
	}
	stream.ServeHTTP(w, r)
}
