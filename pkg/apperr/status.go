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

// ToStatus converts a domain error into a gRPC status error carrying its
// documented code (codes.json) as an ErrorInfo reason. Unknown errors
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
		notAuth   *NotAuthenticated
	)
	switch {
	case errors.Is(err, ErrNotFound):
		return WithCode(codes.NotFound, ErrNotFound.Error(), CodeNotFound)
	case errors.Is(err, ErrUnauthenticated):
		return WithCode(codes.Unauthenticated, err.Error(), CodeUnauthenticated)
	case errors.As(err, &invalid):
		return WithCode(codes.InvalidArgument, invalid.Error(), invalid.Code)
	case errors.As(err, &denied):
		return WithCode(codes.PermissionDenied, denied.Reason, denied.Code)
	case errors.As(err, &conflict):
		return WithCode(codes.AlreadyExists, conflict.Reason, CodeConflict)
	case errors.As(err, &exhausted):
		return WithCode(codes.ResourceExhausted, exhausted.Reason, exhausted.Code)
	case errors.As(err, &notAuth):
		return WithCode(codes.Unauthenticated, notAuth.Reason, notAuth.Code)
	case errors.As(err, &refused):
		return WithCode(codes.FailedPrecondition, refused.Reason, refused.Code)
	case errors.Is(err, context.Canceled):
		return WithCode(codes.Canceled, definitions[CodeCanceled].Message, CodeCanceled)
	case errors.Is(err, context.DeadlineExceeded):
		return WithCode(codes.DeadlineExceeded, definitions[CodeTimeout].Message, CodeTimeout)
	}
	return WithCode(codes.Internal, definitions[CodeInternal].Message, CodeInternal)
}

// WithCode is a status error of gRPC code c and message msg carrying the
// documented code as an ErrorInfo detail; an empty code means c's generic
// code.
func WithCode(c codes.Code, msg, code string) error {
	if code == "" {
		code = GenericCode(c)
	}
	st := status.New(c, msg)
	detailed, err := st.WithDetails(&errdetails.ErrorInfo{Reason: code, Domain: ErrorDomain})
	if err != nil {
		return st.Err()
	}
	return detailed.Err()
}

// CodeOf returns the documented code of st: the one a service attached, or
// else the generic code of st's gRPC code, so every error has one.
func CodeOf(st *status.Status) string {
	for _, d := range st.Details() {
		if info, ok := d.(*errdetails.ErrorInfo); ok && info.GetDomain() == ErrorDomain {
			return info.GetReason()
		}
	}
	return GenericCode(st.Code())
}
