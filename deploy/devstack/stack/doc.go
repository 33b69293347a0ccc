// Package stack runs the whole Vidhost suite in one process on one machine:
// an embedded NATS server with JetStream, a private PostgreSQL cluster (or
// DATABASE_URL), and every service as a real gRPC server on a loopback port,
// behind the gateway. `make run` uses it through cmd/devstack; the end-to-end
// tests start it the same way on free ports. vidhost-server (cmd/vidhost-server,
// docs/single-node.md) runs the same wiring for production through
// StartProduction: its public listener and URL, the data directory's layout,
// roles provisioned through the operator's DATABASE_URL, real mail.
package stack
