package rest

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/envelope"
)

func TestErrorHandler(t *testing.T) {
	cases := []struct {
		name   string
		err    error
		status int
		want   envelope.Error
	}{
		{"a service's refusal keeps its code", apperr.ToStatus(&apperr.Exhausted{Code: apperr.CodeUploadConcurrency, Reason: "too many"}),
			http.StatusTooManyRequests, envelope.Error{Message: "too many", Code: "upload_concurrency"}},
		{"a status without a code gets its class's", status.Error(codes.InvalidArgument, "name must be 1-50 characters"),
			http.StatusBadRequest, envelope.Error{Message: "name must be 1-50 characters", Code: "invalid_argument"}},
		{"a service's deadline", status.Error(codes.DeadlineExceeded, "context deadline exceeded"),
			http.StatusGatewayTimeout, envelope.Error{Message: "request timed out", Code: "timeout"}},
		{"the gateway's own deadline, bare", context.DeadlineExceeded,
			http.StatusGatewayTimeout, envelope.Error{Message: "request timed out", Code: "timeout"}},
		{"a client that left", context.Canceled, 499, envelope.Error{Message: "request canceled", Code: "canceled"}},
		{"anything else is internal", errors.New("marshal: boom"),
			http.StatusInternalServerError, envelope.Error{Message: "internal error", Code: "internal"}},
		{"grpc-gateway's own 400", &runtime.HTTPStatusError{HTTPStatus: http.StatusBadRequest, Err: errors.New("bad escape")},
			http.StatusBadRequest, envelope.Error{Message: "bad request", Code: "invalid_argument"}},
	}
	handler := ErrorHandler(slog.New(slog.DiscardHandler))
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			handler(context.Background(), nil, nil, rec, httptest.NewRequest(http.MethodGet, "/v2/players", nil), tc.err)
			assert.Equal(t, tc.status, rec.Code)
			assert.Equal(t, []envelope.Error{tc.want}, errorsOf(t, rec))
		})
	}
}

func TestRoutingErrorHandler(t *testing.T) {
	cases := []struct {
		status int
		want   envelope.Error
	}{
		{http.StatusNotFound, envelope.Error{Message: "Not found", Code: "not_found"}},
		{http.StatusMethodNotAllowed, envelope.Error{Message: "method not allowed", Code: "method_not_allowed"}},
		{http.StatusBadRequest, envelope.Error{Message: "bad request", Code: "invalid_argument"}},
	}
	for _, tc := range cases {
		t.Run(http.StatusText(tc.status), func(t *testing.T) {
			rec := httptest.NewRecorder()
			RoutingErrorHandler(context.Background(), nil, nil, rec, httptest.NewRequest(http.MethodGet, "/v2/x", nil), tc.status)
			assert.Equal(t, tc.status, rec.Code)
			assert.Equal(t, []envelope.Error{tc.want}, errorsOf(t, rec))
		})
	}
}

// errorsOf decodes the errors of the envelope rec holds.
func errorsOf(t *testing.T, rec *httptest.ResponseRecorder) []envelope.Error {
	t.Helper()
	var env envelope.Envelope
	require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &env), rec.Body.String())
	return env.Errors
}
