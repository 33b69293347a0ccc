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
		overload  *Overloaded
	)
	switch {
	case errors.Is(err, ErrNotFound):
		return WithCode(codes.NotFound, ErrNotFound.Error(), CodeNotFound)
	case errors.Is(err, ErrUnauthenticated):
		return WithCode(codes.Unauthenticated, err.Error(), CodeUnauthenticated)
	case errors.As(err, &invalid):
		return withDetail(codes.InvalidArgument, invalid.Error(), invalid.Code, invalid.Field)
	case errors.As(err, &denied):
		return WithCode(codes.PermissionDenied, denied.Reason, denied.Code)
	case errors.As(err, &conflict):
		return WithCode(codes.AlreadyExists, conflict.Reason, CodeConflict)
	case errors.As(err, &exhausted):
		return WithCode(codes.ResourceExhausted, exhausted.Reason, exhausted.Code)
	case errors.As(err, &notAuth):
		return WithCode(codes.Unauthenticated, notAuth.Reason, notAuth.Code)
	case errors.As(err, &overload):
		return WithCode(codes.Unavailable, overload.Reason, overload.Code)
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
	return withDetail(c, msg, code, "")
}

// fieldKey is the ErrorInfo metadata key naming the request field an
// invalid-argument status is about, so the edge can put it in the envelope.
const fieldKey = "field"

// withDetail is WithCode plus the request field the error is about (empty
// for none).
func withDetail(c codes.Code, msg, code, field string) error {
	if code == "" {
		code = GenericCode(c)
	}
	info := &errdetails.ErrorInfo{Reason: code, Domain: ErrorDomain}
	if field != "" {
		info.Metadata = map[string]string{fieldKey: field}
	}
	st := status.New(c, msg)
	detailed, err := st.WithDetails(info)
	if err != nil {
		return st.Err()
	}
	return detailed.Err()
}

// FieldOf returns the request field st is about, or "" when the service
// named none.
func FieldOf(st *status.Status) string {
	if info := vidhostInfo(st); info != nil {
		return info.GetMetadata()[fieldKey]
	}
	return ""
}

// vidhostInfo is st's ErrorInfo detail in Vidhost's domain, or nil.
func vidhostInfo(st *status.Status) *errdetails.ErrorInfo {
	for _, d := range st.Details() {
		if info, ok := d.(*errdetails.ErrorInfo); ok && info.GetDomain() == ErrorDomain {
			return info
		}
	}
	return nil
}

// CodeOf returns the documented code of st: the one a service attached, or
// else the generic code of st's gRPC code, so every error has one.
func CodeOf(st *status.Status) string {
	if info := vidhostInfo(st); info != nil {
		return info.GetReason()
	}
	return GenericCode(st.Code())
}
