package grpcx

import (
	"context"
	"fmt"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/keepalive"

	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/secrets"
)

// Credentials are what a caller signs its internal calls with: its name
// and its own key.
type Credentials struct {
	caller string
	key    []byte
}

// CallerCredentials returns caller's credentials, its key derived from root.
func CallerCredentials(root secrets.Root, caller string) Credentials {
	return Credentials{caller: caller, key: root.Derive(secrets.InternalCall(caller))}
}

type credentialsKey struct{}

// WithCredentials returns ctx whose calls sign with creds instead of the
// connection's: for tests (and tools) that play several callers over one
// connection. Only a holder of the key can build Credentials.
func WithCredentials(ctx context.Context, creds Credentials) context.Context {
	return context.WithValue(ctx, credentialsKey{}, creds)
}

// Dial opens a client connection to a service address whose every call is
// signed with creds, for the method called and the principal of the call's
// context (principal.NewContext; none for service-level calls).
// Connections are lazy and reconnect by themselves, and a call that only
// reads is tried again when its server dies under it (readRetryConfig);
// services on a cluster
// are reached through a service mesh or network policy, so transport
// security is left to it.
func Dial(addr string, creds Credentials) (*grpc.ClientConn, error) {
	conn, err := grpc.NewClient(addr,
		grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithDefaultCallOptions(grpc.MaxCallRecvMsgSize(8<<20)),
		grpc.WithChainUnaryInterceptor(deadlineClient(MaxCallDuration), metricsClient(), signUnary(creds)),
		traceClient(), // the caller's trace goes on in the call's metadata
		grpc.WithKeepaliveParams(keepalive.ClientParameters{Time: keepaliveTime, Timeout: keepaliveTimeout}),
		grpc.WithConnectParams(reconnectBackoff),
		grpc.WithDefaultServiceConfig(readRetryConfig(Policy)),
	)
	if err != nil {
		return nil, fmt.Errorf("dial %s: %w", addr, err)
	}
	return conn, nil
}

// signUnary signs each call for its own method, so a captured call is good
// for nothing else, and only for principal.Validity.
func signUnary(creds Credentials) grpc.UnaryClientInterceptor {
	return func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
		signer := creds
		if c, ok := ctx.Value(credentialsKey{}).(Credentials); ok {
			signer = c
		}
		if signer.key == nil {
			return fmt.Errorf("grpcx: no credentials to call %s with", method)
		}
		p, _ := principal.FromContext(ctx)
		ctx = principal.AppendToOutgoing(ctx, principal.NewCall(signer.caller, method, p), signer.key)
		return invoker(ctx, method, req, reply, cc, opts...)
	}
}
