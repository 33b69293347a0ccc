package apperr

import (
	"context"
	"errors"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// ErrorDomain tags the ErrorInfo details Vidhost attaches to statuses, so the
// edge can put a stable error code into the envelope.
const ErrorDomain = "vidhost"

// ToStatus converts a domain error into a gRPC status error. Unknown errors
// become Internal with a generic message: their text may hold details that
// belong in the log, never in a response.
func ToStatus(err error) error {
	if err == nil {
		return nil
	}
	if _, ok := status.FromError(err); ok {
		return err
	}
	var (
		invalid   *Invalid
		denied    *Denied
		conflict  *Conflict
		exhausted *Exhausted
		refused   *Refused
	)
	switch {
	case errors.Is(err, ErrNotFound):
		return status.Error(codes.NotFound, ErrNotFound.Error())
	case errors.Is(err, ErrUnauthenticated):
		return status.Error(codes.Unauthenticated, err.Error())
	case errors.As(err, &invalid):
		return status.Error(codes.InvalidArgument, invalid.Error())
	case errors.As(err, &denied):
		return status.Error(codes.PermissionDenied, denied.Error())
	case errors.As(err, &conflict):
		return status.Error(codes.AlreadyExists, conflict.Error())
	case errors.As(err, &exhausted):
		return withCode(codes.ResourceExhausted, exhausted.Reason, exhausted.Code)
	case errors.As(err, &refused):
		return withCode(codes.FailedPrecondition, refused.Reason, refused.Code)
	case errors.Is(err, context.Canceled):
		return status.Error(codes.Canceled, "request canceled")
	case errors.Is(err, context.DeadlineExceeded):
		return status.Error(codes.DeadlineExceeded, "request timed out")
	}
	return status.Error(codes.Internal, "internal error")
}

// withCode attaches a stable machine-readable code as an ErrorInfo detail.
func withCode(code codes.Code, msg, reason string) error {
	st := status.New(code, msg)
	detailed, err := st.WithDetails(&errdetails.ErrorInfo{Reason: reason, Domain: ErrorDomain})
	if err != nil {
		return st.Err()
	}
	return detailed.Err()
}

// CodeOf returns the stable error code attached by withCode, if any.
func CodeOf(st *status.Status) string {
	for _, d := range st.Details() {
		if info, ok := d.(*errdetails.ErrorInfo); ok && info.GetDomain() == ErrorDomain {
			return info.GetReason()
		}
	}
	return ""
}
