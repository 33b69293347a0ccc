// Package server is the analytics service's gRPC face: thin handlers that
// check the report request, read the caller's account from the principal
// and map the rows to the interface's shape.
package server
