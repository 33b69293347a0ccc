package grpcx

import (
	"context"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/backoff"
	"google.golang.org/grpc/keepalive"
)

// Bounds on every internal call and connection: a stuck peer must cost a
// bounded amount of time and memory, whoever it is.
const (
	// MaxCallDuration caps a unary call's deadline on the server, and is the
	// deadline of a client call whose context has none. No internal call
	// does long work inline: transcodes are jobs, uploads go over HTTP.
	MaxCallDuration = 60 * time.Second
	// handshakeTimeout bounds a new connection's setup.
	handshakeTimeout = 10 * time.Second
	// idleConnection closes a connection that carried no call for this long.
	idleConnection = 5 * time.Minute
	// keepaliveTime and keepaliveTimeout find a dead peer: pinged after that
	// much silence, dropped if the ping is not answered in time.
	keepaliveTime    = 2 * time.Minute
	keepaliveTimeout = 20 * time.Second
)

// reconnectBackoff is how a client retries a lost connection. gRPC's
// default waits a second after the first failure and up to two minutes
// later on, and fails calls at once meanwhile: a reconnection that lands on
// a replica as it dies (a Service still routing to a killed pod) cost a
// gateway a second of failed calls in the cluster drill (docs/scaling.md).
// Peers inside a cluster are a connect away, so retry sooner and never
// wait long after a peer is back.
var reconnectBackoff = grpc.ConnectParams{
	Backoff:           backoff.Config{BaseDelay: 50 * time.Millisecond, Multiplier: 1.6, Jitter: 0.2, MaxDelay: 5 * time.Second},
	MinConnectTimeout: handshakeTimeout,
}

// serverTimeouts are the connection-level bounds of NewServer.
func serverTimeouts() []grpc.ServerOption {
	return []grpc.ServerOption{
		grpc.ConnectionTimeout(handshakeTimeout),
		grpc.KeepaliveParams(keepalive.ServerParameters{
			MaxConnectionIdle: idleConnection,
			Time:              keepaliveTime,
			Timeout:           keepaliveTimeout,
		}),
		// Clients may ping, but not often enough to be a nuisance.
		grpc.KeepaliveEnforcementPolicy(keepalive.EnforcementPolicy{MinTime: 10 * time.Second, PermitWithoutStream: true}),
	}
}

// deadlineUnary gives every call a deadline of at most max: a client that
// sent none, or a very long one, cannot hold a handler for ever.
func deadlineUnary(max time.Duration) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		ctx, cancel := withMaxDeadline(ctx, max)
		defer cancel()
		return handler(ctx, req)
	}
}

// deadlineClient is deadlineUnary's counterpart on the client: a call made
// without a deadline gets max.
func deadlineClient(max time.Duration) grpc.UnaryClientInterceptor {
	return func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
		ctx, cancel := withMaxDeadline(ctx, max)
		defer cancel()
		return invoker(ctx, method, req, reply, cc, opts...)
	}
}

func withMaxDeadline(ctx context.Context, max time.Duration) (context.Context, context.CancelFunc) {
	if deadline, ok := ctx.Deadline(); ok && time.Until(deadline) <= max {
		return ctx, func() {}
	}
	return context.WithTimeout(ctx, max)
}
