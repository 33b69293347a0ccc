package sourcehttp

import (
	"net/http"
	"strings"
	"time"

	"github.com/vidhost/vidhost/pkg/blob"
)

// ServeHTTP answers GET and HEAD of a registered path, with Range support
// (http.ServeContent parses the ranges and seeks the blob; each seek is
// one ranged read). Any other path is 404 whatever the method, so nothing
// tells a registered path from an unknown one but the token itself.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	src, ok := s.lookup(strings.TrimPrefix(r.URL.Path, "/"))
	if !ok {
		http.NotFound(w, r)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	// Set, so ServeContent does not sniff a type: that would read the
	// blob's first bytes for every request.
	w.Header().Set("Content-Type", blob.DefaultContentType)
	content := &rangeReader{ctx: r.Context(), store: s.store, key: src.key, size: src.size}
	http.ServeContent(w, r, "", time.Time{}, content)
	// A read that failed because ffmpeg left (the request's context ended)
	// is no failure; any other cuts the response short, and ffmpeg fails
	// the unit, which is retried.
	if err := content.Close(); err != nil && r.Context().Err() == nil {
		s.logger.Warn("reading a source for ffmpeg", "key", src.key, "error", err)
	}
}
