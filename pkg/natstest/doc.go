// Package natstest runs an in-process NATS JetStream server for tests: a
// random port, a store in the test's temporary directory, shut down when the
// test ends. Its servers authenticate like production: each service of
// pkg/natsx's rights table connects with its own key (ConnectAs,
// JetStreamAs, Client) and gets exactly its rights; the test harness itself
// connects as Harness, which may do anything.
package natstest
