package app

import (
	"context"
	"fmt"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc"

	"github.com/vidhost/vidhost/pkg/grpcx"
	"github.com/vidhost/vidhost/pkg/lifecycle"
	"github.com/vidhost/vidhost/pkg/secrets"
	analyticsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/analytics/v1"
	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
	hooksv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/hooks/v1"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
	uploadv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/upload/v1"
)

// backend is a gRPC service behind /v2: its name (logs, /healthz), its
// address in the configuration and the generated registration of its REST
// mapping (gateway/api_v2.yaml).
type backend struct {
	name     string
	addr     func(Config) string
	register func(context.Context, *runtime.ServeMux, *grpc.ClientConn) error
}

// identityBackend is also the one the auth middleware asks.
const identityBackend = "identity"

// backends are the services the gateway maps. Adding a service is one line
// here (and its address in Config).
var backends = []backend{
	{identityBackend, func(c Config) string { return c.IdentityAddr }, registerIdentity},
	{"catalog", func(c Config) string { return c.CatalogAddr }, catalogv1.RegisterCatalogServiceHandler},
	{"upload", func(c Config) string { return c.UploadAddr }, uploadv1.RegisterUploadServiceHandler},
	{"hooks", func(c Config) string { return c.HooksAddr }, hooksv1.RegisterHooksServiceHandler},
	{"analytics", func(c Config) string { return c.AnalyticsAddr }, analyticsv1.RegisterAnalyticsServiceHandler},
}

// registerIdentity maps identity's two /v2 services: the main one and
// sign-in's (the signed-in user's multi-factor codes).
func registerIdentity(ctx context.Context, mux *runtime.ServeMux, cc *grpc.ClientConn) error {
	if err := identityv1.RegisterIdentityServiceHandler(ctx, mux, cc); err != nil {
		return err
	}
	return identityv1.RegisterSessionServiceHandler(ctx, mux, cc)
}

// conn is a client connection to one backend.
type conn struct {
	name string
	*grpc.ClientConn
}

// dialBackends opens a (lazy) connection to every backend.
func dialBackends(cfg Config, stack *lifecycle.Stack) ([]conn, error) {
	conns := make([]conn, 0, len(backends))
	// Every call is signed as the gateway's, for its method and the
	// principal the auth middleware put in the request's context.
	creds := grpcx.CallerCredentials(secrets.MustRoot(cfg.InternalSecret), grpcx.Gateway)
	for _, b := range backends {
		cc, err := grpcx.Dial(b.addr(cfg), creds)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", b.name, err)
		}
		stack.Push("close "+b.name+" connection", func(context.Context) error { return cc.Close() }) // after the HTTP server drained
		conns = append(conns, conn{name: b.name, ClientConn: cc})
	}
	return conns, nil
}

// registerBackends maps every backend's REST routes onto mux.
func registerBackends(ctx context.Context, mux *runtime.ServeMux, conns []conn) error {
	for i, b := range backends {
		if err := b.register(ctx, mux, conns[i].ClientConn); err != nil {
			return fmt.Errorf("register %s: %w", b.name, err)
		}
	}
	return nil
}

func connNamed(conns []conn, name string) *grpc.ClientConn {
	for _, c := range conns {
		if c.name == name {
			return c.ClientConn
		}
	}
	return nil
}
