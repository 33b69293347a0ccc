package servicetest

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
)

// RunFunc starts a service: it calls ready with the address it serves on
// once it does, and returns when ctx is cancelled (nil when it stopped
// cleanly) or when it cannot start.
type RunFunc func(ctx context.Context, ready func(addr string)) error

// Service is a RunFunc running in the background.
type Service struct {
	ready chan string
	done  chan error
}

// Launch starts run without waiting for it to serve; run is cancelled, and
// must return nil, when t ends. Tests that start several replicas at once
// launch them all before waiting on any.
func Launch(t testing.TB, run RunFunc) *Service {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	svc := &Service{ready: make(chan string, 1), done: make(chan error, 1)}
	go func() { svc.done <- run(ctx, func(addr string) { svc.ready <- addr }) }()
	t.Cleanup(func() {
		cancel()
		assert.NoError(t, <-svc.done, "Run must stop cleanly")
	})
	return svc
}

// Wait returns the address once the service serves; it fails t if run
// returns first.
func (svc *Service) Wait(t testing.TB) string {
	t.Helper()
	select {
	case addr := <-svc.ready:
		return addr
	case err := <-svc.done:
		svc.done <- err // for the cleanup
		t.Fatalf("Run returned before serving: %v", err)
		return ""
	}
}

// Start launches run and waits until it serves, returning its address.
func Start(t testing.TB, run RunFunc) string {
	t.Helper()
	return Launch(t, run).Wait(t)
}
