// Package app assembles and runs the identity service: configuration, the
// database (migrated at start), NATS and the outbox relay, the first-start
// bootstrap of the owner, and the gRPC server. It is public so that the
// devstack and tests can run the service in-process with Run.
package app
