package middleware

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/envelope"
)

// BodyLimit refuses request bodies over limit bytes with 413. It reads the
// (small, JSON) body up front so the refusal is certain and comes before any
// call to a service; grpc-gateway would otherwise see a read error halfway
// through decoding and report it as a bad request.
func BodyLimit(limit int64) Middleware {
	tooLarge := fmt.Sprintf("request body must not exceed %d bytes", limit)
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Body == nil || r.Body == http.NoBody {
				next.ServeHTTP(w, r)
				return
			}
			if r.ContentLength > limit {
				envelope.WriteError(w, apperr.CodeBodyTooLarge, tooLarge)
				return
			}
			body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
			var maxErr *http.MaxBytesError
			switch {
			case errors.As(err, &maxErr):
				envelope.WriteError(w, apperr.CodeBodyTooLarge, tooLarge)
				return
			case err != nil:
				envelope.WriteError(w, apperr.CodeInvalidArgument, "could not read the request body")
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
			r.ContentLength = int64(len(body))
			next.ServeHTTP(w, r)
		})
	}
}
