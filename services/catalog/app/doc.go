// Package app assembles the catalog service: configuration, database and
// migrations, NATS streams, the outbox relay, the domain and the gRPC server.
// It is public so that the devstack (and tests) can run the service in
// process with Run; cmd/catalog is a thin wrapper around it.
package app
