package llhls

import (
	"context"
	"errors"
	"net/http"
	"path"
	"strconv"
	"strings"
)

// ServeHTTP serves the stream by the last element of the request's path:
// index.m3u8 (with the delivery directives of its query), init.mp4,
// seg<msn>.mp4 and part<index>.mp4. Mount it under a prefix with
// http.StripPrefix or any router: the playlist names everything relative
// to itself.
func (m *Muxer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name := path.Base(r.URL.Path)
	switch {
	case name == PlaylistName:
		m.servePlaylist(w, r)
	case name == InitName:
		writeBody(w, r, "video/mp4", m.Init())
	case strings.HasPrefix(name, "part"):
		index, ok := numbered(name, "part")
		if !ok {
			writeError(w, ErrNotFound)
			return
		}
		body, err := m.Part(r.Context(), index)
		if err != nil {
			writeError(w, err)
			return
		}
		writeBody(w, r, "video/mp4", body)
	case strings.HasPrefix(name, "seg"):
		msn, ok := numbered(name, "seg")
		if !ok {
			writeError(w, ErrNotFound)
			return
		}
		body, err := m.Segment(msn)
		if err != nil {
			writeError(w, err)
			return
		}
		writeBody(w, r, "video/mp4", body...)
	default:
		writeError(w, ErrNotFound)
	}
}

func (m *Muxer) servePlaylist(w http.ResponseWriter, r *http.Request) {
	req, err := ParseRequest(r.URL.Query())
	if err != nil {
		writeError(w, err)
		return
	}
	body, err := m.Playlist(r.Context(), req)
	if err != nil {
		writeError(w, err)
		return
	}
	// The playlist changes with every part: caches ask again each time
	// (the edge sets its own policy for private events).
	w.Header().Set("Cache-Control", "no-cache")
	writeBody(w, r, "application/vnd.apple.mpegurl", body)
}

// numbered reads the number of <prefix><n>.mp4.
func numbered(name, prefix string) (uint64, bool) {
	digits, ok := strings.CutSuffix(strings.TrimPrefix(name, prefix), ".mp4")
	if !ok || digits == "" || (len(digits) > 1 && digits[0] == '0') {
		return 0, false
	}
	n, err := strconv.ParseUint(digits, 10, 64)
	return n, err == nil
}

func writeBody(w http.ResponseWriter, r *http.Request, contentType string, body ...[]byte) {
	size := 0
	for _, b := range body {
		size += len(b)
	}
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Content-Length", strconv.Itoa(size))
	if r.Method == http.MethodHead {
		return
	}
	for _, b := range body {
		if _, err := w.Write(b); err != nil { //nolint:gosec // media and playlists the muxer wrote, served as video/mp4 or mpegurl, never HTML
			return // the viewer went away
		}
	}
}

// writeError maps the serving methods' errors to statuses: the one place
// they are.
func writeError(w http.ResponseWriter, err error) {
	var bad *RequestError
	switch {
	case errors.As(err, &bad):
		http.Error(w, bad.Error(), http.StatusBadRequest)
	case errors.Is(err, ErrNotFound):
		http.Error(w, "not found", http.StatusNotFound)
	case errors.Is(err, ErrTimeout), errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		// 503: the stream did not get there in time (RFC 8216bis), or the
		// viewer left, who reads no answer.
		http.Error(w, "not ready: try again", http.StatusServiceUnavailable)
	default:
		http.Error(w, "internal error", http.StatusInternalServerError)
	}
}
