package envelope

import (
	"net/http"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/vidhost/vidhost/pkg/apperr"
)

// Mapped is what a client sees of a failed call.
type Mapped struct {
	HTTPStatus int
	Error      Error
	// Hidden is true for the edge's and the services' own failures
	// (internal, unavailable, timeout) and for clients that left: the
	// caller logs the status's original text with the request id.
	Hidden bool
	// RetryAfter is the Retry-After header's value (seconds) for codes
	// that say when to come back; "" for the others.
	RetryAfter string
}

// retryAfter is the Retry-After, in seconds, of the codes that carry one:
// a rate-limited sign-in waits out the window failures are counted over,
// a busy identity frees a password hash slot within a second or so.
var retryAfter = map[string]string{
	apperr.CodeSignInRateLimited: "900",
	apperr.CodeBusy:              "1",
}

// SetRetryAfter sets m's Retry-After header on h, when its code has one.
func (m Mapped) SetRetryAfter(h http.Header) {
	if m.RetryAfter != "" {
		h.Set("Retry-After", m.RetryAfter)
	}
}

// FromError maps any error a handler or a call returned: statuses as
// FromStatus does, context errors as the timeout or cancellation they are,
// anything else as an internal error (apperr.ToStatus).
func FromError(err error) Mapped {
	return FromStatus(status.Convert(apperr.ToStatus(err)))
}

// FromStatus is the one mapping of gRPC statuses to what clients see: the
// code is the one the service attached or the generic code of the status's
// class, and the HTTP status is that code's (apperr.HTTPStatus, from
// codes.json): InvalidArgument 400, Unauthenticated 401, PermissionDenied
// 403, NotFound 404 "Not found", AlreadyExists and FailedPrecondition 409,
// ResourceExhausted 429, Canceled 499, Unavailable 503, DeadlineExceeded
// 504, anything else 500 with a generic message.
func FromStatus(st *status.Status) Mapped {
	code := apperr.CodeOf(st)
	def, ok := apperr.Lookup(code)
	if !ok || def.EdgeOnly || def.GRPCCode != st.Code() {
		// A code the table does not know, one no service may send, or one
		// sent with another class's status: the status's class decides, so
		// the HTTP status is always the class's and agrees with the code.
		code = apperr.GenericCode(st.Code())
		def, _ = apperr.Lookup(code)
	}
	message, field := st.Message(), ""
	switch {
	case def.FixedMessage:
		message = def.Message
	case st.Code() == codes.InvalidArgument:
		message, field = CleanInvalid(message), apperr.FieldOf(st)
		if field == "" {
			field = DecodeField(message)
		}
	}
	e := NewError(code, message)
	e.Field = field
	return Mapped{
		HTTPStatus: def.HTTPStatus,
		Error:      e,
		Hidden:     def.HTTPStatus >= 499,
		RetryAfter: retryAfter[code],
	}
}

// defaultMessage is code's default message, or the internal error's for a
// code the table does not know.
func defaultMessage(code string) string {
	if def, ok := apperr.Lookup(code); ok {
		return def.Message
	}
	def, _ := apperr.Lookup(apperr.CodeInternal)
	return def.Message
}
