// Package testbackend runs small in-process fakes of the identity and
// catalog gRPC services on a real gRPC server (pkg/grpcx, so principals are
// verified as in production) for the gateway's tests. The fakes record what
// reached them: the principal, the request id, the metadata, field masks.
package testbackend
