package grpcxtest

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// RequireStatus asserts err is a status with code and message: a test of a
// refusal pins the words the client sees, not only the code.
func RequireStatus(t testing.TB, err error, code codes.Code, message string) {
	t.Helper()
	st, ok := status.FromError(err)
	require.True(t, ok, "not a status: %v", err)
	assert.Equal(t, code, st.Code(), st.Message())
	assert.Equal(t, message, st.Message())
}

// RequireStatusPrefix asserts err is a status with code whose message
// starts with prefix, for messages that go on to list allowed values.
func RequireStatusPrefix(t testing.TB, err error, code codes.Code, prefix string) {
	t.Helper()
	st, ok := status.FromError(err)
	require.True(t, ok, "not a status: %v", err)
	assert.Equal(t, code, st.Code(), st.Message())
	assert.True(t, strings.HasPrefix(st.Message(), prefix), "message %q should start with %q", st.Message(), prefix)
}
