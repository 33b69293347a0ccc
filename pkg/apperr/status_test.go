package apperr

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

func TestToStatus(t *testing.T) {
	cases := []struct {
		name string
		err  error
		code codes.Code
		msg  string
		want string // the documented code
	}{
		{"not found", fmt.Errorf("get player: %w", ErrNotFound), codes.NotFound, "Not found", CodeNotFound},
		{"unauthenticated", ErrUnauthenticated, codes.Unauthenticated, "a valid API key is required", CodeUnauthenticated},
		{"invalid", InvalidField("name", "must be 1-%d characters", 50), codes.InvalidArgument, "name must be 1-50 characters", CodeInvalidArgument},
		{"invalid with a code", &Invalid{Rule: "a service must exist first", Code: CodeServiceRequired}, codes.InvalidArgument, "a service must exist first", CodeServiceRequired},
		{"denied", &Denied{Reason: "not yours"}, codes.PermissionDenied, "not yours", CodePermissionDenied},
		{"denied with a code", &Denied{Code: CodeReadOnlyKey, Reason: "this API key is read-only"}, codes.PermissionDenied, "this API key is read-only", CodeReadOnlyKey},
		{"conflict", &Conflict{Reason: "value already used"}, codes.AlreadyExists, "value already used", CodeConflict},
		{"exhausted", &Exhausted{Code: CodeUploadQuotaBytes, Reason: "quota reached"}, codes.ResourceExhausted, "quota reached", CodeUploadQuotaBytes},
		{"exhausted without a code", &Exhausted{Reason: "slow down"}, codes.ResourceExhausted, "slow down", CodeLimitReached},
		{"refused", &Refused{Code: CodeUploadsDisabled, Reason: "uploads are disabled"}, codes.FailedPrecondition, "uploads are disabled", CodeUploadsDisabled},
		{"unknown hides text", errors.New("pq: password=secret"), codes.Internal, "internal error", CodeInternal},
		{"deadline", fmt.Errorf("query: %w", context.DeadlineExceeded), codes.DeadlineExceeded, "request timed out", CodeTimeout},
		{"canceled", context.Canceled, codes.Canceled, "request canceled", CodeCanceled},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			st := status.Convert(ToStatus(tc.err))
			assert.Equal(t, tc.code, st.Code())
			assert.Equal(t, tc.msg, st.Message())
			assert.Equal(t, tc.want, CodeOf(st))
		})
	}
}

func TestCodeOf(t *testing.T) {
	cases := []struct {
		name   string
		status *status.Status
		want   string
	}{
		{"attached by the service", status.Convert(ToStatus(&Exhausted{Code: CodeUploadQuotaBytes, Reason: "quota"})), CodeUploadQuotaBytes},
		{"none attached: the class's", status.New(codes.InvalidArgument, "x"), CodeInvalidArgument},
		{"deadline from a peer", status.New(codes.DeadlineExceeded, "context deadline exceeded"), CodeTimeout},
		{"a code outside the table is internal", status.New(codes.DataLoss, "x"), CodeInternal},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, CodeOf(tc.status))
		})
	}
}
