// Package grpcx builds the gRPC servers and clients of Vidhost's services the
// same way everywhere: the interceptor chain (recovery first, then request id,
// logging, the access check and the one mapping of domain errors to status
// codes), health checks, and a graceful drain on shutdown.
//
// Every internal call is signed by its caller for one method (Dial's
// interceptor) and checked by the server against Policy, the one table of
// who may call what (docs/security-rpc.md).
package grpcx
