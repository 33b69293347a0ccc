// Package app assembles the hooks service: configuration, database and
// migrations, the HOOKS stream and the outbox relay, the hooks use cases and the
// gRPC server. It is public so that the devstack (and tests) can run the
// service in process with Run; cmd/hooks is a thin wrapper around it.
package app
