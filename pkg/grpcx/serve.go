package grpcx

import (
	"context"
	"errors"
	"fmt"
	"net"
	"time"

	healthpb "google.golang.org/grpc/health/grpc_health_v1"

	"github.com/vidhost/vidhost/pkg/admin"
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
	// Not ready once draining: the readiness probe takes the pod out of
	// the Service's endpoints during the drain delay.
	admin.AddServingCheck(ctx, "grpc", s.serving)
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

// serving is the readiness check of the server's own health status.
func (s *Server) serving(ctx context.Context) error {
	resp, err := s.Health.Check(ctx, &healthpb.HealthCheckRequest{})
	if err != nil {
		return err
	}
	if resp.GetStatus() != healthpb.HealthCheckResponse_SERVING {
		return fmt.Errorf("grpc server is %s", resp.GetStatus())
	}
	return nil
}
