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
			Mapped{HTTPStatus: http.StatusBadRequest, Error: Error{Message: "name must be 1-50 characters"}}},
		{"unauthenticated", status.New(codes.Unauthenticated, "a valid API key is required"),
			Mapped{HTTPStatus: http.StatusUnauthorized, Error: Error{Message: "a valid API key is required"}}},
		{"permission denied", status.New(codes.PermissionDenied, "this API key is read-only"),
			Mapped{HTTPStatus: http.StatusForbidden, Error: Error{Message: "this API key is read-only"}}},
		{"not found says Not found whatever the text", status.New(codes.NotFound, "player abc"),
			Mapped{HTTPStatus: http.StatusNotFound, Error: Error{Message: "Not found"}}},
		{"already exists", status.New(codes.AlreadyExists, "value already used"),
			Mapped{HTTPStatus: http.StatusConflict, Error: Error{Message: "value already used"}}},
		{"failed precondition with code", status.Convert(apperr.ToStatus(&apperr.Refused{Code: "uploads_disabled", Reason: "uploads are disabled"})),
			Mapped{HTTPStatus: http.StatusConflict, Error: Error{Message: "uploads are disabled", Code: "uploads_disabled"}}},
		{"resource exhausted with code", status.Convert(apperr.ToStatus(&apperr.Exhausted{Code: "quota", Reason: "quota reached"})),
			Mapped{HTTPStatus: http.StatusTooManyRequests, Error: Error{Message: "quota reached", Code: "quota"}}},
		{"unavailable is generic", status.New(codes.Unavailable, "dial tcp 10.0.0.5:9102: refused"),
			Mapped{HTTPStatus: http.StatusServiceUnavailable, Error: Error{Message: "service unavailable"}, Hidden: true}},
		{"internal is generic", status.New(codes.Internal, "pq: secret"),
			Mapped{HTTPStatus: http.StatusInternalServerError, Error: Error{Message: "internal error"}, Hidden: true}},
		{"deadline is generic", status.New(codes.DeadlineExceeded, "context deadline exceeded"),
			Mapped{HTTPStatus: http.StatusInternalServerError, Error: Error{Message: "internal error"}, Hidden: true}},
		{"unimplemented is generic", status.New(codes.Unimplemented, "method Foo not implemented"),
			Mapped{HTTPStatus: http.StatusInternalServerError, Error: Error{Message: "internal error"}, Hidden: true}},
		{"empty message gets the status text", status.New(codes.PermissionDenied, ""),
			Mapped{HTTPStatus: http.StatusForbidden, Error: Error{Message: "forbidden"}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, FromStatus(tc.status))
		})
	}
}
