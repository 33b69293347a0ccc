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
	}{
		{"not found", fmt.Errorf("get player: %w", ErrNotFound), codes.NotFound, "Not found"},
		{"invalid", InvalidField("name", "must be 1-%d characters", 50), codes.InvalidArgument, "name must be 1-50 characters"},
		{"denied", &Denied{Reason: "read-only key"}, codes.PermissionDenied, "read-only key"},
		{"conflict", &Conflict{Reason: "value already used"}, codes.AlreadyExists, "value already used"},
		{"exhausted", &Exhausted{Code: "quota", Reason: "quota reached"}, codes.ResourceExhausted, "quota reached"},
		{"refused", &Refused{Code: "disabled", Reason: "uploads are disabled"}, codes.FailedPrecondition, "uploads are disabled"},
		{"unknown hides text", errors.New("pq: password=secret"), codes.Internal, "internal error"},
		{"deadline", context.DeadlineExceeded, codes.DeadlineExceeded, "request timed out"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			st := status.Convert(ToStatus(tc.err))
			assert.Equal(t, tc.code, st.Code())
			assert.Equal(t, tc.msg, st.Message())
		})
	}
}

func TestCodeOfCarriesStableCode(t *testing.T) {
	st := status.Convert(ToStatus(&Exhausted{Code: "upload_quota_bytes", Reason: "quota"}))
	assert.Equal(t, "upload_quota_bytes", CodeOf(st))
	assert.Equal(t, "", CodeOf(status.New(codes.Internal, "x")))
}
