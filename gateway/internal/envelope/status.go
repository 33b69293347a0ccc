package envelope

import (
	"net/http"
	"strings"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/vidhost/vidhost/pkg/apperr"
)

// Messages the edge answers with when the real text must not reach clients
// or when the interface fixes the wording.
const (
	MessageNotFound    = "Not found"
	MessageInternal    = "internal error"
	MessageUnavailable = "service unavailable"
)

// Mapped is what a client sees of a failed call.
type Mapped struct {
	HTTPStatus int
	Error      Error
	// Hidden is true when the status's own text was replaced by a generic
	// message: the caller logs the original with the request id.
	Hidden bool
}

// FromStatus is the one mapping of gRPC statuses to HTTP (docs/architecture.md):
// InvalidArgument 400, Unauthenticated 401, PermissionDenied 403, NotFound
// 404 "Not found", AlreadyExists and FailedPrecondition 409,
// ResourceExhausted 429, Unavailable 503, anything else 500 with a generic
// message.
func FromStatus(st *status.Status) Mapped {
	code := apperr.CodeOf(st)
	switch st.Code() {
	case codes.InvalidArgument:
		return shown(http.StatusBadRequest, CleanInvalid(st.Message()), code)
	case codes.Unauthenticated:
		return shown(http.StatusUnauthorized, st.Message(), code)
	case codes.PermissionDenied:
		return shown(http.StatusForbidden, st.Message(), code)
	case codes.NotFound:
		return shown(http.StatusNotFound, MessageNotFound, code)
	case codes.AlreadyExists, codes.FailedPrecondition:
		return shown(http.StatusConflict, st.Message(), code)
	case codes.ResourceExhausted:
		return shown(http.StatusTooManyRequests, st.Message(), code)
	case codes.Unavailable:
		return Mapped{HTTPStatus: http.StatusServiceUnavailable, Error: Error{Message: MessageUnavailable}, Hidden: true}
	}
	return Mapped{HTTPStatus: http.StatusInternalServerError, Error: Error{Message: MessageInternal}, Hidden: true}
}

func shown(httpStatus int, message, code string) Mapped {
	if message == "" {
		message = strings.ToLower(http.StatusText(httpStatus))
	}
	return Mapped{HTTPStatus: httpStatus, Error: Error{Message: message, Code: code}}
}
