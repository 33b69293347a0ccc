// Package e2e drives the whole suite over HTTP exactly as a customer would:
// it starts the devstack in-process on free ports (private PostgreSQL,
// embedded NATS, every service over loopback gRPC) and calls /v2. `go test
// -short` skips nothing here because it is the proof that the parts fit
// together.
//
// Most tests share the package's suite and run one after another: they are
// quick (about 35 s together) and share its owner account. About two dozen
// start a suite of their own (newSuite, withSuite: a transcode worker,
// another blob store, a fresh database), where they spend nearly all of the
// package's time waiting on transcodes, live streams and browsers. Helpers
// find a test's suite with suiteOf(t), not in a package variable, so those
// tests run in parallel (t.Parallel), bounded by -parallel (GOMAXPROCS by
// default: 2 on a 2-core machine), and their waits overlap. One with a suite
// of its own still runs alone when it shares something of the process or
// the machine: TestS3Driver sets environment variables, the tracing test
// installs the global tracer provider. The browser tests share one Chromium, but each test's
// tabs have a browser context of their own (browsertest.NewTab), so a
// sign-in to one suite on 127.0.0.1 (cookies belong to a host, not a port)
// is not another's: the dashboard tests run in parallel.
// docs/testing.md has the figures.
package e2e
