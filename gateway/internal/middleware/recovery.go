package middleware

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/envelope"
)

// Recover turns a panic in a handler into a 500 envelope and a log line with
// the stack, so one bad request cannot take the process down.
func Recover(logger *slog.Logger) Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			defer func() {
				v := recover()
				if v == nil {
					return
				}
				if err, ok := v.(error); ok && errors.Is(err, http.ErrAbortHandler) {
					panic(v) // net/http's own way to abort a response: let it do so
				}
				// Recover runs outside RequestID, so the id is read back from the
				// response header RequestID set.
				logger.Error("panic while serving", "method", r.Method, "path", r.URL.Path,
					"request_id", w.Header().Get(RequestIDHeader), "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
				envelope.WriteError(w, apperr.CodeInternal, "")
			}()
			next.ServeHTTP(w, r)
		})
	}
}
