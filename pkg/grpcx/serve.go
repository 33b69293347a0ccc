package grpcx

import (
	"context"
	"errors"
	"net"
	"time"

	healthpb "google.golang.org/grpc/health/grpc_health_v1"
)

// DrainOptions tunes the graceful stop.
type DrainOptions struct {
	// Delay between reporting NOT_SERVING and refusing new calls, so load
	// balancers and clients notice first.
	Delay time.Duration
	// HardStop bounds how long in-flight calls may take to finish.
	HardStop time.Duration
}

// DefaultDrain suits a single machine; Kubernetes deployments raise Delay.
var DefaultDrain = DrainOptions{Delay: 100 * time.Millisecond, HardStop: 10 * time.Second}

// Serve marks the server SERVING and serves lis until ctx is done, then
// drains: NOT_SERVING, wait, GracefulStop, and Stop if that takes too long.
func (s *Server) Serve(ctx context.Context, lis net.Listener, drain DrainOptions) error {
	s.Health.SetServingStatus("", healthpb.HealthCheckResponse_SERVING)
	errc := make(chan error, 1)
	go func() { errc <- s.Server.Serve(lis) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	s.Health.Shutdown() // every service reports NOT_SERVING from now on
	time.Sleep(drain.Delay)
	stopped := make(chan struct{})
	go func() { s.GracefulStop(); close(stopped) }()
	select {
	case <-stopped:
	case <-time.After(drain.HardStop):
		s.logger.Warn("graceful stop timed out; stopping hard")
		s.Stop()
	}
	if err := <-errc; err != nil && !errors.Is(err, net.ErrClosed) {
		return err
	}
	return nil
}
