package middleware

import (
	"context"
	"net/http"
	"time"
)

// Timeout bounds a request's work: the deadline travels with the context
// into every gRPC call made for it.
func Timeout(d time.Duration) Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			ctx, cancel := context.WithTimeout(r.Context(), d)
			defer cancel()
			next.ServeHTTP(w, r.WithContext(ctx))
		})
	}
}
