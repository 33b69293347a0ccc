// Package natsx holds what every service shares about NATS JetStream: the
// embedded server the devstack and tests run, a connection with sane
// reconnect behaviour, the subjects (subjects.go) and the streams that
// capture them (streams.go).
//
// The bus is authenticated and least-privilege: each service is an nkey
// user whose key derives from the root secret (users.go), with the rights
// of one table (permissions.go): the subjects it publishes, the streams it
// reads, and its own inbox. Connect refuses plaintext to a server off
// loopback (tls.go). See docs/security-bus.md.
//
// Each service calls EnsureStreams for the streams it publishes to at start;
// it is idempotent, so replicas and restarts may all call it. StartJetStream
// keeps them on VIDHOST_NATS_REPLICAS servers (Settings.Replicas: 1 on the
// devstack, 3 on a cluster); durable consumers inherit their stream's.
package natsx
