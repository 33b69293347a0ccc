package grpcx

import (
	"context"
	"net"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/status"
)

// flakyHealth answers UNAVAILABLE to its first failures calls, as a
// replica dying under them would.
type flakyHealth struct {
	*health.Server
	failures int32
	calls    atomic.Int32
}

func (f *flakyHealth) Check(ctx context.Context, in *healthpb.HealthCheckRequest) (*healthpb.HealthCheckResponse, error) {
	if f.calls.Add(1) <= f.failures {
		return nil, status.Error(codes.Unavailable, "replica going away")
	}
	return f.Server.Check(ctx, in)
}

// dialFlaky serves a flakyHealth and dials it with the retry config made
// from policy.
func dialFlaky(t *testing.T, policy map[string]Rule, failures int32) (*flakyHealth, healthpb.HealthClient) {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	srv := grpc.NewServer()
	flaky := &flakyHealth{Server: health.NewServer(), failures: failures}
	healthpb.RegisterHealthServer(srv, flaky)
	go func() { _ = srv.Serve(lis) }()
	t.Cleanup(srv.Stop)
	conn, err := grpc.NewClient(lis.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithDefaultServiceConfig(readRetryConfig(policy)))
	require.NoError(t, err)
	t.Cleanup(func() { _ = conn.Close() })
	return flaky, healthpb.NewHealthClient(conn)
}

func TestReadsAreRetriedWhenTheServerIsUnavailable(t *testing.T) {
	read := map[string]Rule{"/grpc.health.v1.Health/Check": {}}
	flaky, client := dialFlaky(t, read, readRetries-1)
	_, err := client.Check(t.Context(), &healthpb.HealthCheckRequest{})
	require.NoError(t, err, "the last attempt answers")
	assert.Equal(t, int32(readRetries), flaky.calls.Load())

	flaky, client = dialFlaky(t, read, readRetries)
	_, err = client.Check(t.Context(), &healthpb.HealthCheckRequest{})
	assert.Equal(t, codes.Unavailable, status.Code(err), "at most readRetries attempts")
	assert.Equal(t, int32(readRetries), flaky.calls.Load())
}

func TestWritesAreNeverRetried(t *testing.T) {
	write := map[string]Rule{"/grpc.health.v1.Health/Check": {Write: true}}
	flaky, client := dialFlaky(t, write, 1)
	_, err := client.Check(t.Context(), &healthpb.HealthCheckRequest{})
	assert.Equal(t, codes.Unavailable, status.Code(err))
	assert.Equal(t, int32(1), flaky.calls.Load(), "a write that may have happened is not sent again")
}

func TestTheRetryConfigFollowsThePolicy(t *testing.T) {
	config := readRetryConfig(Policy)
	assert.Contains(t, config, `{"service":"vidhost.catalog.v1.CatalogService","method":"GetVideo"}`)
	assert.NotContains(t, config, `"method":"CreateVideo"`)
	assert.NotContains(t, config, `"method":"DeleteVideo"`)
}
