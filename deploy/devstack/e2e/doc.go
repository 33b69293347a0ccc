// Package e2e drives the whole suite over HTTP exactly as a customer would:
// it starts the devstack in-process on free ports (private PostgreSQL,
// embedded NATS, every service over loopback gRPC) and calls /v2. It takes
// about ten seconds; `go test -short` skips nothing here because it is the
// proof that the parts fit together. The sign-in tests (signin_test.go)
// start suites of their own and drive headless Chromium for the private
// watch page: about ten seconds more (-short skips that one at its browser).
package e2e
