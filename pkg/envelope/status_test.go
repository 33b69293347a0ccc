package envelope

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/vidhost/vidhost/pkg/apperr"
)

func TestFromStatus(t *testing.T) {
	cases := []struct {
		name   string
		status *status.Status
		want   Mapped
	}{
		{"invalid argument", status.New(codes.InvalidArgument, "name must be 1-50 characters"),
			Mapped{HTTPStatus: http.StatusBadRequest, Error: Error{Message: "name must be 1-50 characters", Code: "invalid_argument"}}},
		{"decoder text is cleaned", status.New(codes.InvalidArgument, `proto: (line 1:14): unknown field "foo"`),
			Mapped{HTTPStatus: http.StatusBadRequest, Error: Error{Message: `unknown field "foo"`, Code: "invalid_argument", Field: "foo"}}},
		{"a query parameter's type names it", status.New(codes.InvalidArgument, `parsing field "limit": strconv.ParseInt: parsing "x": invalid syntax`),
			Mapped{HTTPStatus: http.StatusBadRequest, Error: Error{Message: "invalid value for limit", Code: "invalid_argument", Field: "limit"}}},
		{"malformed JSON names no field", status.New(codes.InvalidArgument, `proto: syntax error (line 1:2): unexpected token }`),
			Mapped{HTTPStatus: http.StatusBadRequest, Error: Error{Message: "unexpected value } in request body", Code: "invalid_argument"}}},
		{"a service's field error names its field", status.Convert(apperr.ToStatus(apperr.InvalidField("name", "must be 1-50 characters"))),
			Mapped{HTTPStatus: http.StatusBadRequest, Error: Error{Message: "name must be 1-50 characters", Code: "invalid_argument", Field: "name"}}},
		{"a coded field error keeps code and field", status.Convert(apperr.ToStatus(&apperr.Invalid{Field: "language", Rule: "is not supported", Code: apperr.CodeInvalidArgument})),
			Mapped{HTTPStatus: http.StatusBadRequest, Error: Error{Message: "language is not supported", Code: "invalid_argument", Field: "language"}}},
		{"unauthenticated", status.New(codes.Unauthenticated, "a valid API key is required"),
			Mapped{HTTPStatus: http.StatusUnauthorized, Error: Error{Message: "a valid API key is required", Code: "unauthenticated"}}},
		{"permission denied", status.New(codes.PermissionDenied, "not yours"),
			Mapped{HTTPStatus: http.StatusForbidden, Error: Error{Message: "not yours", Code: "permission_denied"}}},
		{"read-only key has its own code", status.Convert(apperr.ToStatus(&apperr.Denied{Code: apperr.CodeReadOnlyKey, Reason: "this API key is read-only"})),
			Mapped{HTTPStatus: http.StatusForbidden, Error: Error{Message: "this API key is read-only", Code: "read_only_key"}}},
		{"not found says Not found whatever the text", status.New(codes.NotFound, "player abc"),
			Mapped{HTTPStatus: http.StatusNotFound, Error: Error{Message: "Not found", Code: "not_found"}}},
		{"already exists", status.New(codes.AlreadyExists, "value already used"),
			Mapped{HTTPStatus: http.StatusConflict, Error: Error{Message: "value already used", Code: "conflict"}}},
		{"failed precondition without a code", status.New(codes.FailedPrecondition, "still in use"),
			Mapped{HTTPStatus: http.StatusConflict, Error: Error{Message: "still in use", Code: "failed_precondition"}}},
		{"failed precondition with code", status.Convert(apperr.ToStatus(&apperr.Refused{Code: "uploads_disabled", Reason: "uploads are disabled"})),
			Mapped{HTTPStatus: http.StatusConflict, Error: Error{Message: "uploads are disabled", Code: "uploads_disabled"}}},
		{"resource exhausted with code", status.Convert(apperr.ToStatus(&apperr.Exhausted{Code: "upload_quota_bytes", Reason: "quota reached"})),
			Mapped{HTTPStatus: http.StatusTooManyRequests, Error: Error{Message: "quota reached", Code: "upload_quota_bytes"}}},
		{"an undocumented code gives way to the class's", status.Convert(apperr.ToStatus(&apperr.Exhausted{Code: "quota", Reason: "quota reached"})),
			Mapped{HTTPStatus: http.StatusTooManyRequests, Error: Error{Message: "quota reached", Code: "limit_reached"}}},
		{"a code of another class gives way to the status's", status.Convert(apperr.WithCode(codes.NotFound, "x", apperr.CodeUploadsDisabled)),
			Mapped{HTTPStatus: http.StatusNotFound, Error: Error{Message: "Not found", Code: "not_found"}}},
		{"an edge-only code from a service gives way too", status.Convert(apperr.WithCode(codes.InvalidArgument, "too big", apperr.CodeBodyTooLarge)),
			Mapped{HTTPStatus: http.StatusBadRequest, Error: Error{Message: "too big", Code: "invalid_argument"}}},
		{"canceled is 499", status.New(codes.Canceled, "context canceled"),
			Mapped{HTTPStatus: 499, Error: Error{Message: "request canceled", Code: "canceled"}, Hidden: true}},
		{"unavailable is generic", status.New(codes.Unavailable, "dial tcp 10.0.0.5:9102: refused"),
			Mapped{HTTPStatus: http.StatusServiceUnavailable, Error: Error{Message: "service unavailable", Code: "unavailable"}, Hidden: true}},
		{"internal is generic", status.New(codes.Internal, "pq: secret"),
			Mapped{HTTPStatus: http.StatusInternalServerError, Error: Error{Message: "internal error", Code: "internal"}, Hidden: true}},
		{"deadline is a 504 timeout", status.New(codes.DeadlineExceeded, "context deadline exceeded"),
			Mapped{HTTPStatus: http.StatusGatewayTimeout, Error: Error{Message: "request timed out", Code: "timeout"}, Hidden: true}},
		{"unimplemented is internal", status.New(codes.Unimplemented, "method Foo not implemented"),
			Mapped{HTTPStatus: http.StatusInternalServerError, Error: Error{Message: "internal error", Code: "internal"}, Hidden: true}},
		{"empty message gets the code's default", status.New(codes.PermissionDenied, ""),
			Mapped{HTTPStatus: http.StatusForbidden, Error: Error{Message: "forbidden", Code: "permission_denied"}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, FromStatus(tc.status))
		})
	}
}

// TestEveryClassMapsToItsCode walks the whole table: each gRPC code with a
// generic code answers that code's HTTP status, whatever the service sent.
func TestEveryClassMapsToItsCode(t *testing.T) {
	for c := codes.Canceled; c <= codes.Unauthenticated; c++ {
		t.Run(c.String(), func(t *testing.T) {
			mapped := FromStatus(status.New(c, "text"))
			code := apperr.GenericCode(c)
			assert.Equal(t, code, mapped.Error.Code)
			assert.Equal(t, apperr.HTTPStatus(code), mapped.HTTPStatus)
			assert.NotEmpty(t, mapped.Error.Message)
		})
	}
}
