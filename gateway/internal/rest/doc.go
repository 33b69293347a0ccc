// Package rest configures grpc-gateway for the /v2 interface: JSON in proto
// field names with defaults emitted, the success envelope (one forward
// response rewriter), the error envelope, and the metadata sent to the
// services (request id and the signed principal, nothing the client chose).
package rest
