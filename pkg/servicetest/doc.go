// Package servicetest runs a service's app.Run in the test process, the way
// its main does, until the test ends. Every service's integration tests
// start theirs through it, so that each starts, waits for Ready and stops
// the same way: Run gets a context of its own (not the test's, which ends
// before cleanups run) and must return nil once it is cancelled, so a
// service that does not shut down cleanly fails its tests.
//
// It is for tests only; no shipped binary imports it.
package servicetest
