// Package app assembles the upload service: configuration, database and
// migrations, NATS and the outbox relay (upload.completed), the blob store,
// the domain and its sweeper, the tus endpoint on an HTTP listener and the
// gRPC server. It is public so that the devstack (and tests) can run the
// service in process with Run; cmd/upload is a thin wrapper around it.
package app
