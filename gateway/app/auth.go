package app

import (
	"context"
	"fmt"
	"log/slog"
	"sync"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/grpc"

	"github.com/vidhost/vidhost/gateway/internal/auth"
	"github.com/vidhost/vidhost/pkg/lifecycle"
	"github.com/vidhost/vidhost/pkg/natsx"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
)

// authParts are what the auth middleware needs.
type authParts struct {
	authenticator *auth.Authenticator
	clientIP      auth.ClientIP
	js            jetstream.JetStream // the playback edge's video events use it too
	invalidator   *auth.Invalidator   // hears user events for the session cache too
}

// startAuth builds the authenticator and starts the key event subscription
// that lets its cache work. NATS being down is not fatal: the connection
// keeps retrying and, meanwhile, every request asks identity.
func startAuth(ctx context.Context, cfg Config, identity *grpc.ClientConn, logger *slog.Logger, stack *lifecycle.Stack) (authParts, error) {
	clientIP, err := auth.NewClientIP(cfg.TrustedProxies)
	if err != nil {
		return authParts{}, fmt.Errorf("gateway: VIDHOST_TRUSTED_PROXIES: %w", err)
	}
	cache := auth.NewCache(cfg.AuthCacheTTL, cfg.AuthCacheSize)
	invalidator := auth.NewInvalidator(cache, logger)
	bus := cfg.NATSClient(natsx.ServiceGateway)
	nc, err := natsx.Connect(bus,
		natsx.LogEvents(logger), invalidator.ConnectOption(), nats.RetryOnFailedConnect(true))
	if err != nil {
		return authParts{}, fmt.Errorf("gateway: %w", err)
	}
	stack.Push("close nats", func(context.Context) error { nc.Close(); return nil }) // after the subscription stopped
	js, err := jetstream.New(nc)
	if err != nil {
		return authParts{}, fmt.Errorf("gateway: jetstream: %w", err)
	}
	runCtx, stop := context.WithCancel(context.WithoutCancel(ctx))
	var wg sync.WaitGroup
	wg.Go(func() { invalidator.Run(runCtx, js) })
	stack.Push("stop key events", func(context.Context) error { stop(); wg.Wait(); return nil }) // cache off from here
	client := identityv1.NewIdentityServiceClient(identity)
	return authParts{authenticator: auth.NewAuthenticator(client, cache), clientIP: clientIP, js: js, invalidator: invalidator}, nil
}
