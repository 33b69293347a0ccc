// Package server is the upload service's gRPC face: thin handlers that
// check the principal, call the domain (package upload) and map its values
// to vidhost.upload.v1 messages. Domain errors pass through unchanged; the
// grpcx interceptor turns them into statuses.
package server
