// Package uploadtest runs the whole upload service for tests: app.Run on a
// private PostgreSQL schema, an in-process NATS server and a real blob
// store of either driver (a local directory served by an httptest server
// the way the gateway serves it, or versitygw, an S3 server that checks
// signatures), with clients to call it as two accounts.
package uploadtest
