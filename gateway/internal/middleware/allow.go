package middleware

import (
	"net/http"
	"slices"
	"strings"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/envelope"
)

// AllowMethods answers 405 with the Allow header RFC 9110 requires to a
// request under prefix whose path the OpenAPI document has (methods lists
// its methods) but not with this method, before the routes: the gateway's
// own routes share "/v2/" with grpc-gateway, which would answer 404. An
// OPTIONS request passes (a cross-origin route answers its preflight);
// any 405 answered further on without Allow gets it too. A handler that
// sets Allow itself keeps its own.
func AllowMethods(prefix string, methods func(path string) []string) Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if !strings.HasPrefix(r.URL.Path, prefix) {
				next.ServeHTTP(w, r)
				return
			}
			allowed := methods(r.URL.EscapedPath())
			if len(allowed) > 0 && r.Method != http.MethodOptions && !slices.Contains(allowed, r.Method) {
				w.Header().Set("Allow", strings.Join(allowed, ", "))
				envelope.WriteError(w, apperr.CodeMethodNotAllowed, "")
				return
			}
			next.ServeHTTP(&allowWriter{ResponseWriter: w, methods: methods, path: r.URL.EscapedPath()}, r)
		})
	}
}

// allowWriter sets Allow as a 405's status is written.
type allowWriter struct {
	http.ResponseWriter
	methods func(path string) []string
	path    string
}

func (a *allowWriter) WriteHeader(code int) {
	if code == http.StatusMethodNotAllowed && a.Header().Get("Allow") == "" {
		if allowed := a.methods(a.path); len(allowed) > 0 {
			a.Header().Set("Allow", strings.Join(allowed, ", "))
		}
	}
	a.ResponseWriter.WriteHeader(code)
}

// Unwrap lets http.ResponseController reach the connection (flush, deadlines).
func (a *allowWriter) Unwrap() http.ResponseWriter { return a.ResponseWriter }
