package middleware

import "net/http"

// Middleware wraps a handler.
type Middleware func(http.Handler) http.Handler

// Chain wraps h so that a request passes through mws in the order given:
// the first is outermost.
func Chain(h http.Handler, mws ...Middleware) http.Handler {
	for i := len(mws) - 1; i >= 0; i-- {
		h = mws[i](h)
	}
	return h
}
