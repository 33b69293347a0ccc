// Package grpcx builds the gRPC servers and clients of Vidhost's services the
// same way everywhere: the interceptor chain (recovery first, then request id,
// principal, logging and the one mapping of domain errors to status codes),
// health checks, and a graceful drain on shutdown.
package grpcx
