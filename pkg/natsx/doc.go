// Package natsx holds what every service shares about NATS JetStream: the
// embedded server the devstack and tests run, a connection with sane
// reconnect behaviour, the subjects (subjects.go) and the streams that
// capture them (streams.go).
//
// Each service calls EnsureStreams for the streams it publishes to at start;
// it is idempotent, so replicas and restarts may all call it.
package natsx
