package rest

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strings"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/envelope"
)

// ErrorHandler writes the failure envelope of a call, through the one
// status mapping in package envelope. Texts hidden from the client are
// logged with the request id (the logger takes it from ctx).
func ErrorHandler(logger *slog.Logger) runtime.ErrorHandlerFunc {
	return func(ctx context.Context, _ *runtime.ServeMux, _ runtime.Marshaler, w http.ResponseWriter, r *http.Request, err error) {
		var httpErr *runtime.HTTPStatusError
		if errors.As(err, &httpErr) { // e.g. a malformed %-escape in the path
			writeRoutingError(w, httpErr.HTTPStatus)
			return
		}
		// Not status.Convert: a bare context error (a deadline that passed
		// outside the call) would become Unknown, a 500 without its code.
		st := status.Convert(apperr.ToStatus(err))
		mapped := envelope.FromStatus(st)
		if mapped.Hidden {
			logger.Log(ctx, hiddenLevel(st.Code()), "request failed",
				"method", r.Method, "path", r.URL.Path, "code", st.Code().String(), "error", err.Error())
		}
		if mapped.HTTPStatus == http.StatusUnauthorized {
			w.Header().Set("WWW-Authenticate", "Bearer")
		}
		mapped.SetRetryAfter(w.Header())
		envelope.Write(w, mapped.HTTPStatus, envelope.Failure(mapped.Error))
	}
}

// hiddenLevel keeps expected trouble (a service restarting, a client that
// hung up) out of the error level that pages people.
func hiddenLevel(code codes.Code) slog.Level {
	switch code {
	case codes.Unavailable, codes.Canceled, codes.DeadlineExceeded:
		return slog.LevelWarn
	}
	return slog.LevelError
}

// RoutingErrorHandler answers paths and methods the mapping does not know.
func RoutingErrorHandler(_ context.Context, _ *runtime.ServeMux, _ runtime.Marshaler, w http.ResponseWriter, _ *http.Request, httpStatus int) {
	writeRoutingError(w, httpStatus)
}

// writeRoutingError answers the few statuses grpc-gateway decides itself,
// before any service is called: an unknown path, a method the path does not
// have, a path it cannot decode.
func writeRoutingError(w http.ResponseWriter, httpStatus int) {
	switch httpStatus {
	case http.StatusNotFound:
		envelope.WriteError(w, apperr.CodeNotFound, "")
	case http.StatusMethodNotAllowed:
		envelope.WriteError(w, apperr.CodeMethodNotAllowed, "")
	case http.StatusBadRequest:
		envelope.WriteError(w, apperr.CodeInvalidArgument, statusText(httpStatus))
	default:
		envelope.WriteError(w, apperr.CodeInternal, "")
	}
}

func statusText(code int) string {
	return strings.ToLower(http.StatusText(code))
}
