package playback

import "net/http"

// setCORS lets players on any origin read media: hls.js, Shaka and dash.js
// fetch with XHR/fetch, so every response (errors too) says so. Credentials
// are never allowed ("*"), so a cross-origin page cannot ride a viewer's
// dashboard cookie; media URLs carry tokens instead.
func setCORS(h http.Header) {
	h["Access-Control-Allow-Origin"] = corsAnyOrigin
	h["Access-Control-Expose-Headers"] = corsExposed
}

// The values are shared by every response: net/http only reads them.
var (
	corsAnyOrigin = []string{"*"}
	corsExposed   = []string{"Content-Length, Content-Range, Accept-Ranges, ETag"}
)

// preflight answers CORS preflight requests for media (a Range header makes
// a request non-simple).
func preflight(w http.ResponseWriter, _ *http.Request) {
	h := w.Header()
	setCORS(h)
	h.Set("Access-Control-Allow-Methods", "GET, HEAD, OPTIONS")
	h.Set("Access-Control-Allow-Headers", "Range, If-None-Match, If-Modified-Since, If-Range")
	h.Set("Access-Control-Max-Age", "86400")
	w.WriteHeader(http.StatusNoContent)
}
