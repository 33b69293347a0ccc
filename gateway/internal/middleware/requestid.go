package middleware

import (
	"net/http"

	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/logx"
)

// RequestIDHeader carries the request id both ways.
const RequestIDHeader = "X-Request-Id"

// maxRequestIDLength bounds an id taken from a client, which is logged and
// forwarded to every service.
const maxRequestIDLength = 64

// RequestID gives every request an id: the client's X-Request-Id when it is
// sane (1-64 characters of [A-Za-z0-9._-]), so a caller can correlate its own
// logs, or a fresh one. The id is echoed in the response and put into the
// context, where loggers and the gRPC metadata pick it up.
func RequestID() Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			id := r.Header.Get(RequestIDHeader)
			if !validRequestID(id) {
				id = ids.New()
			}
			w.Header().Set(RequestIDHeader, id)
			next.ServeHTTP(w, r.WithContext(logx.WithRequestID(r.Context(), id)))
		})
	}
}

func validRequestID(id string) bool {
	if id == "" || len(id) > maxRequestIDLength {
		return false
	}
	for _, c := range []byte(id) {
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-'
		if !ok {
			return false
		}
	}
	return true
}
