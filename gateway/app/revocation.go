package app

import (
	"net/http"
	"strings"

	"github.com/vidhost/vidhost/gateway/internal/auth"
	"github.com/vidhost/vidhost/gateway/internal/playback"
	"github.com/vidhost/vidhost/gateway/internal/session"
)

// revocations makes access changes take effect when the call that made them
// returns (docs/security-edge.md). A change to a key, a JWT key or a video
// served by this gateway evicts what its caches hold about that resource;
// a change to a person flushes the key cache (their keys follow their role).
//
// Why this is race-free: the eviction runs when the handler writes the
// response status, which grpc-gateway does only after the backend call
// returned, so after the change was committed (C) and before any byte of
// the answer can reach the client. Each cache moves a generation number on
// eviction (E, after C) and refuses an insert whose lookup read the
// generation before E. So after E a cached entry can only come from a
// lookup that started after E, hence after C: it saw the change. A lookup
// that started before E either finishes before E (its entry is evicted) or
// after (its insert is refused). Evicting before forwarding as well costs
// nothing and keeps the window closed even if a handler wrote early.
type revocations struct {
	auth     *auth.Authenticator
	playback *playback.Handler // nil when the playback edge is off
	sessions *session.Sessions // nil without dashboard sessions
}

// middleware wraps the /v2 handler; it runs after authentication, so only
// authenticated callers can make the gateway evict.
func (rv revocations) middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		evict := rv.evictorFor(r)
		if evict == nil {
			next.ServeHTTP(w, r)
			return
		}
		evict()
		ew := &evictingWriter{ResponseWriter: w, evict: evict}
		next.ServeHTTP(ew, r)
		ew.evictOnce() // a handler that wrote nothing: net/http sends 200 after this
	})
}

// evictorFor returns what a request may change, or nil for reads and paths
// that touch no cached access rule.
func (rv revocations) evictorFor(r *http.Request) func() {
	if r.Method == http.MethodGet || r.Method == http.MethodHead || r.Method == http.MethodOptions {
		return nil
	}
	// /v2/<collection>/<id>[/...]: sub-resources of a video (overlays,
	// tracks) cost an eviction too, which is cheap and keeps this simple.
	parts := strings.SplitN(strings.TrimPrefix(r.URL.Path, "/v2/"), "/", 3)
	if len(parts) < 2 || parts[1] == "" {
		return nil
	}
	collection, id := parts[0], parts[1]
	switch {
	case collection == "keys":
		return func() { rv.auth.Evict(id) }
	case collection == "users":
		// A person's keys act with at most their role, and not at all
		// while they are disabled (docs/roles.md); the media tokens their
		// sessions opened die with the sessions.
		return func() {
			rv.auth.Flush()
			if rv.sessions != nil {
				rv.sessions.ForgetSessions()
			}
		}
	case collection == "jwt_keys" && rv.playback != nil:
		return func() { rv.playback.EvictJWTKey(id) }
	case collection == "videos" && rv.playback != nil:
		return func() { rv.playback.EvictVideo(id) }
	}
	return nil
}

// evictingWriter evicts once, just before the status line is written.
type evictingWriter struct {
	http.ResponseWriter
	evict   func()
	evicted bool
}

func (e *evictingWriter) evictOnce() {
	if !e.evicted {
		e.evicted = true
		e.evict()
	}
}

func (e *evictingWriter) WriteHeader(code int) {
	e.evictOnce()
	e.ResponseWriter.WriteHeader(code)
}

func (e *evictingWriter) Write(b []byte) (int, error) {
	e.evictOnce()
	return e.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the connection (flush, deadlines).
func (e *evictingWriter) Unwrap() http.ResponseWriter { return e.ResponseWriter }

func (e *evictingWriter) Flush() {
	e.evictOnce()
	_ = http.NewResponseController(e.ResponseWriter).Flush()
}
