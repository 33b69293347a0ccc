package grpcx

import (
	"context"
	"log/slog"

	"google.golang.org/grpc"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"

	"github.com/vidhost/vidhost/pkg/secrets"
)

// ServerOptions configures NewServer.
type ServerOptions struct {
	Logger *slog.Logger
	// Root is the internal secret each caller's key derives from; a zero
	// Root verifies no caller (a server with only health checks).
	Root secrets.Root
	// Policy overrides the suite's Policy (tests of the mechanics).
	Policy map[string]Rule
}

// Server is a gRPC server with its health service.
type Server struct {
	*grpc.Server
	Health *health.Server
	logger *slog.Logger
}

// NewServer returns a server whose every unary call passes through the
// standard interceptor chain. Register services on it, then call Serve.
func NewServer(opts ServerOptions) *Server {
	policy := opts.Policy
	if policy == nil {
		policy = Policy
	}
	srv := grpc.NewServer(append(serverTimeouts(),
		traceServer(), // a span per call, continuing the caller's trace
		grpc.ChainUnaryInterceptor(
			recoverUnary(opts.Logger),      // a panic becomes Internal, the process survives
			deadlineUnary(MaxCallDuration), // no call runs unbounded
			requestIDUnary(),               // correlate logs with the client's X-Request-Id
			logUnary(opts.Logger),          // one line per call, refusals included
			metricsUnary(),                 // RED metrics per method, refusals included
			// Only signed calls the policy allows reach a handler.
			accessUnary(policy, CallerKeys(opts.Root), opts.Logger),
			errorsUnary(), // domain errors -> status codes, in one place
		),
		grpc.ChainStreamInterceptor(accessStream()), // no streams but health's
		grpc.MaxRecvMsgSize(4<<20),                  // bounded request sizes; media never travels over gRPC
	)...)
	hs := health.NewServer()
	healthpb.RegisterHealthServer(srv, hs)
	return &Server{Server: srv, Health: hs, logger: opts.Logger}
}

// errorsUnary converts domain errors returned by handlers into statuses.
func errorsUnary() grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		resp, err := handler(ctx, req)
		return resp, toStatus(err)
	}
}
