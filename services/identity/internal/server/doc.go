// Package server is identity's gRPC surface: thin handlers that check the
// caller's principal, call the keys domain and map its types to the protos
// of vidhost.identity.v1. Domain errors pass through untouched; grpcx's
// interceptor turns them into status codes.
package server
