package apperr

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// TestEveryCodeAnswersWithItsClassStatus holds the table to the one
// mapping: a code a service sends answers with its gRPC code's HTTP status,
// and the generic codes are the ones their class maps to.
func TestEveryCodeAnswersWithItsClassStatus(t *testing.T) {
	for _, code := range Codes() {
		t.Run(code, func(t *testing.T) {
			def, ok := Lookup(code)
			require.True(t, ok)
			assert.NotEmpty(t, def.Message)
			if def.EdgeOnly {
				return
			}
			assert.Equal(t, HTTPStatus(GenericCode(def.GRPCCode)), def.HTTPStatus)
			if def.Generic {
				assert.Equal(t, code, GenericCode(def.GRPCCode))
			}
		})
	}
}

func TestClassesAndStatuses(t *testing.T) {
	cases := []struct {
		class codes.Code
		code  string
		http  int
	}{
		{codes.InvalidArgument, "invalid_argument", 400},
		{codes.Unauthenticated, "unauthenticated", 401},
		{codes.PermissionDenied, "permission_denied", 403},
		{codes.NotFound, "not_found", 404},
		{codes.AlreadyExists, "conflict", 409},
		{codes.FailedPrecondition, "failed_precondition", 409},
		{codes.ResourceExhausted, "limit_reached", 429},
		{codes.Canceled, "canceled", 499},
		{codes.Internal, "internal", 500},
		{codes.Unknown, "internal", 500},
		{codes.Unimplemented, "internal", 500},
		{codes.Unavailable, "unavailable", 503},
		{codes.DeadlineExceeded, "timeout", 504},
	}
	for _, tc := range cases {
		t.Run(tc.class.String(), func(t *testing.T) {
			assert.Equal(t, tc.code, GenericCode(tc.class))
			assert.Equal(t, tc.http, HTTPStatus(tc.code))
		})
	}
	assert.Equal(t, 500, HTTPStatus("no_such_code"))
}

// TestTimeoutFromAContext is the failure a slow database or peer produces
// deep in a service: a wrapped context error, which must reach the edge as
// the timeout code rather than an internal error.
func TestTimeoutFromAContext(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 0)
	defer cancel()
	<-ctx.Done()
	err := errors.Join(errors.New("store: list players"), ctx.Err())
	st := status.Convert(ToStatus(err))
	assert.Equal(t, codes.DeadlineExceeded, st.Code())
	assert.Equal(t, CodeTimeout, CodeOf(st))
	assert.Equal(t, 504, HTTPStatus(CodeOf(st)))
}
