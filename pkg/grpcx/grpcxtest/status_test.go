package grpcxtest

import (
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

func TestRequireStatus(t *testing.T) {
	err := status.Error(codes.InvalidArgument, "name must be 1-100 characters")
	RequireStatus(t, err, codes.InvalidArgument, "name must be 1-100 characters")
	RequireStatusPrefix(t, err, codes.InvalidArgument, "name must be")
}
