// Package server is the hooks service's gRPC surface: thin handlers that
// check the caller, turn requests into domain values, call the
// hooks.Service and map the results. Errors pass through as domain errors;
// the interceptor of pkg/grpcx turns them into statuses.
package server
