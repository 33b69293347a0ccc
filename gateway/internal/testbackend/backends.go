package testbackend

import (
	"context"
	"log/slog"
	"net"
	"testing"
	"time"

	healthpb "google.golang.org/grpc/health/grpc_health_v1"

	"github.com/vidhost/vidhost/pkg/grpcx"
	"github.com/vidhost/vidhost/pkg/secrets"
	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
)

// Backends is one gRPC server on a free port serving both fakes.
type Backends struct {
	Addr     string
	Identity *Identity
	Catalog  *Catalog
	server   *grpcx.Server
}

// Start serves the fakes until t ends, with the access check of every
// service (grpcx.Policy): root verifies the calls the gateway signs.
func Start(t testing.TB, root secrets.Root) *Backends {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("testbackend: listen: %v", err)
	}
	srv := grpcx.NewServer(grpcx.ServerOptions{Logger: slog.New(slog.DiscardHandler), Root: root})
	b := &Backends{Addr: lis.Addr().String(), Identity: NewIdentity(), Catalog: &Catalog{}, server: srv}
	identityv1.RegisterIdentityServiceServer(srv.Server, b.Identity)
	catalogv1.RegisterCatalogServiceServer(srv.Server, b.Catalog)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, lis, grpcx.DrainOptions{HardStop: time.Second}) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("testbackend: serve: %v", err)
		}
	})
	return b
}

// SetServing flips the gRPC health status the gateway's /healthz reads.
func (b *Backends) SetServing(serving bool) {
	state := healthpb.HealthCheckResponse_SERVING
	if !serving {
		state = healthpb.HealthCheckResponse_NOT_SERVING
	}
	b.server.Health.SetServingStatus("", state)
}
