// Package apperr holds the domain errors every service returns and the one
// place where they become gRPC statuses. Domain code returns these values and
// never imports gRPC; the server interceptor in pkg/grpcx converts them, so the
// mapping of errors to codes exists exactly once.
package apperr
