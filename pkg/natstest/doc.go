// Package natstest runs an in-process NATS JetStream server for tests: a
// random port, a store in the test's temporary directory, shut down when the
// test ends.
package natstest
