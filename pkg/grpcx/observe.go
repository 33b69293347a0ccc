package grpcx

import (
	"context"
	"time"

	"go.opentelemetry.io/contrib/instrumentation/google.golang.org/grpc/otelgrpc"
	"go.opentelemetry.io/contrib/instrumentation/google.golang.org/grpc/otelgrpc/filters"
	"google.golang.org/grpc"
	"google.golang.org/grpc/status"

	"github.com/vidhost/vidhost/pkg/metrics"
)

// metricsUnary counts every call by method and code and times it (the
// RED metrics of pkg/metrics). It sits before the access check, so
// refusals are counted, and maps domain errors as errorsUnary does, so the
// code is the one the caller sees.
func metricsUnary() grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		start := time.Now()
		resp, err := handler(ctx, req)
		code := status.Code(toStatus(err)).String()
		metrics.GRPCServerHandled.WithLabelValues(info.FullMethod, code).Inc()
		metrics.GRPCServerDuration.WithLabelValues(info.FullMethod).Observe(time.Since(start).Seconds())
		return resp, err
	}
}

// metricsClient is metricsUnary on the calling side: it shows a slow or
// failing dependency from the caller's side, network included.
func metricsClient() grpc.UnaryClientInterceptor {
	return func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
		start := time.Now()
		err := invoker(ctx, method, req, reply, cc, opts...)
		metrics.GRPCClientHandled.WithLabelValues(method, status.Code(err).String()).Inc()
		metrics.GRPCClientDuration.WithLabelValues(method).Observe(time.Since(start).Seconds())
		return err
	}
}

// traceServer starts a span per call, a child of the caller's trace from
// the call's metadata (otelgrpc, with the global provider and propagator
// pkg/telemetry installs). Health checks are left out: probes every few
// seconds would drown the traces that matter.
func traceServer() grpc.ServerOption {
	return grpc.StatsHandler(otelgrpc.NewServerHandler(otelgrpc.WithFilter(filters.Not(filters.HealthCheck()))))
}

// traceClient passes the caller's trace on in the call's metadata.
func traceClient() grpc.DialOption {
	return grpc.WithStatsHandler(otelgrpc.NewClientHandler(otelgrpc.WithFilter(filters.Not(filters.HealthCheck()))))
}
