package middleware

import "net/http"

// NoSniff sets X-Content-Type-Options: nosniff on every response, before
// the handler runs, so API envelopes, media, pages and error bodies alike
// are taken for the Content-Type they declare and never sniffed into HTML
// or script.
func NoSniff() Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header()["X-Content-Type-Options"] = nosniff
			next.ServeHTTP(w, r)
		})
	}
}

// nosniff is the header's value, shared by every response: net/http only
// reads header values, and a handler that sets the header replaces it.
var nosniff = []string{"nosniff"}
