package tus

import (
	"encoding/json"
	"net/http"

	"github.com/tus/tusd/v2/pkg/handler"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/vidhost/vidhost/pkg/apperr"
)

// failure is Vidhost's failure envelope, so a tus client's errors read
// like the rest of /v2 (docs/conventions.md): a message, and for refusals
// a stable code.
type failure struct {
	Success bool           `json:"success"`
	Result  struct{}       `json:"result"`
	Links   struct{}       `json:"links"`
	Errors  []failureError `json:"errors"`
}

type failureError struct {
	Message string `json:"message"`
	Code    string `json:"code,omitempty"`
}

// httpStatuses is the gateway's mapping of codes to HTTP (docs/architecture.md).
var httpStatuses = map[codes.Code]int{
	codes.InvalidArgument:    http.StatusBadRequest,
	codes.Unauthenticated:    http.StatusUnauthorized,
	codes.PermissionDenied:   http.StatusForbidden,
	codes.NotFound:           http.StatusNotFound,
	codes.AlreadyExists:      http.StatusConflict,
	codes.FailedPrecondition: http.StatusConflict,
	codes.ResourceExhausted:  http.StatusTooManyRequests,
	codes.Unavailable:        http.StatusServiceUnavailable,
}

// response maps a domain error to the response a tus client sees. Unknown
// errors become a 500 with a generic message (apperr.ToStatus hides them).
func response(err error) handler.HTTPResponse {
	st := status.Convert(apperr.ToStatus(err))
	code, ok := httpStatuses[st.Code()]
	if !ok {
		code = http.StatusInternalServerError
	}
	return envelope(code, st.Message(), apperr.CodeOf(st))
}

func envelope(code int, message, errorCode string) handler.HTTPResponse {
	body, _ := json.Marshal(failure{Errors: []failureError{{Message: message, Code: errorCode}}}) // cannot fail
	return handler.HTTPResponse{
		StatusCode: code,
		Body:       string(body),
		Header:     handler.HTTPHeader{"Content-Type": "application/json"},
	}
}

// tusError wraps err for tusd, which sends an Error's response as it is.
func tusError(err error) error {
	resp := response(err)
	return handler.Error{ErrorCode: "ERR_VIDHOST", Message: err.Error(), HTTPResponse: resp}
}

// writeResponse sends resp from outside tusd (the access checks).
func writeResponse(w http.ResponseWriter, resp handler.HTTPResponse) {
	for k, v := range resp.Header {
		w.Header().Set(k, v)
	}
	w.Header().Set("Tus-Resumable", "1.0.0")
	w.WriteHeader(resp.StatusCode)
	_, _ = w.Write([]byte(resp.Body))
}
