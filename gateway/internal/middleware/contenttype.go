package middleware

import (
	"mime"
	"net/http"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/envelope"
)

// MessageContentType answers a body that is not declared as JSON.
const MessageContentType = "Content-Type must be application/json"

// RequireJSON refuses POST, PATCH and PUT bodies not declared as
// application/json (parameters such as charset allowed). It runs after
// BodyLimit, which makes ContentLength exact.
func RequireJSON() Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if hasBody(r) && !isJSON(r.Header.Get("Content-Type")) {
				envelope.WriteError(w, apperr.CodeUnsupportedMediaType, MessageContentType)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

func hasBody(r *http.Request) bool {
	switch r.Method {
	case http.MethodPost, http.MethodPatch, http.MethodPut:
		return r.ContentLength != 0
	}
	return false
}

func isJSON(contentType string) bool {
	mediaType, _, err := mime.ParseMediaType(contentType)
	return err == nil && mediaType == "application/json"
}
