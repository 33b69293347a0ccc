package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sync"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/vidhost/vidhost/gateway/internal/rest"
	"github.com/vidhost/vidhost/gateway/internal/session"
	"github.com/vidhost/vidhost/pkg/admin"
	"github.com/vidhost/vidhost/pkg/config"
	"github.com/vidhost/vidhost/pkg/lifecycle"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
)

// Options are the in-process knobs of Run.
type Options struct {
	// Listener overrides HTTPAddr (tests and the devstack pass a :0 one).
	Listener net.Listener
	// Ready is called once serving, with the listening base URL
	// ("http://127.0.0.1:8080"; /v2 lies below it).
	Ready func(baseURL string)
}

// Run serves the gateway until ctx is done, then shuts down in reverse
// start-up order: HTTP server (in-flight requests finish), key event
// subscription, NATS, backend connections.
func Run(ctx context.Context, cfg Config, logger *slog.Logger, opts Options) error {
	cfg = config.WithDefaults(cfg)
	if err := cfg.Validate(); err != nil {
		return fmt.Errorf("gateway: %w", err)
	}
	stack := lifecycle.New(logger)
	err := start(ctx, cfg, logger, opts, stack)
	shutdownCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), cfg.ShutdownTimeout)
	defer cancel()
	return errors.Join(err, stack.Shutdown(shutdownCtx))
}

// start brings everything up, pushing each cleanup on stack, and serves
// until ctx is done or the server fails.
func start(ctx context.Context, cfg Config, logger *slog.Logger, opts Options, stack *lifecycle.Stack) error {
	conns, err := dialBackends(cfg, stack)
	if err != nil {
		return err
	}
	authn, err := startAuth(ctx, cfg, connNamed(conns, identityBackend), logger, stack)
	if err != nil {
		return err
	}
	lis, err := listen(cfg, opts)
	if err != nil {
		return err
	}
	baseURL := "http://" + lis.Addr().String()
	publicURL := cfg.PublicURL
	if publicURL == "" {
		publicURL = baseURL
	}
	gateway := rest.NewMux(rest.Options{PublicURL: publicURL, Logger: logger})
	if err := registerBackends(ctx, gateway, conns); err != nil {
		_ = lis.Close()
		return err
	}
	rt := routes{cfg: cfg, logger: logger, gateway: gateway, auth: authn.authenticator, clientIP: authn.clientIP, conns: conns,
		sessions: session.NewSessions(identityv1.NewSessionServiceClient(connNamed(conns, identityBackend)), publicURL)}
	if rt.sessions.InsecureOutsideDevelopment() {
		logger.Warn("VIDHOST_PUBLIC_URL is plain http on a public host: session cookies cannot be Secure; use https", "public_url", publicURL)
	}
	// A person disabled or deleted through another gateway: the media
	// tokens of their sessions die here on the event, not only after the
	// session cache's TTL (docs/security-edge.md).
	authn.invalidator.OnUserChange(rt.sessions.ForgetSessions)
	if rt.idempotency, err = startIdempotency(ctx, cfg, logger, stack); err != nil {
		_ = lis.Close()
		return err
	}
	rt.addTokens()
	if rt.views, rt.countries, err = startViews(ctx, cfg, authn.js, logger, stack); err != nil {
		_ = lis.Close()
		return err
	}
	if err := rt.addUploads(); err != nil {
		_ = lis.Close()
		return err
	}
	if err := rt.addWHIP(); err != nil {
		_ = lis.Close()
		return err
	}
	if err := rt.addPlayback(ctx, publicURL); err != nil {
		_ = lis.Close()
		return err
	}
	startVideoEvents(ctx, rt, authn.js, stack)
	handler := newHandler(rt)
	return serve(ctx, newServer(cfg, handler, logger), lis, baseURL, opts, logger, stack)
}

func listen(cfg Config, opts Options) (net.Listener, error) {
	if opts.Listener != nil {
		return opts.Listener, nil
	}
	lis, err := net.Listen("tcp", cfg.HTTPAddr)
	if err != nil {
		return nil, fmt.Errorf("gateway: listen: %w", err)
	}
	return lis, nil
}

// serve runs srv on lis until ctx is done (nil) or the server fails.
func serve(ctx context.Context, srv *http.Server, lis net.Listener, baseURL string, opts Options, logger *slog.Logger, stack *lifecycle.Stack) error {
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(lis) }()
	// Stop taking requests, let in-flight ones finish, then force-close.
	stack.Push("http server", func(ctx context.Context) error {
		if err := srv.Shutdown(ctx); err != nil {
			_ = srv.Close()
			return fmt.Errorf("http shutdown: %w", err)
		}
		return nil
	})
	// Ready until shutdown begins: the probe fails first, so a load
	// balancer stops sending requests while in-flight ones finish.
	admin.AddServingCheck(ctx, "http", func(context.Context) error { return context.Cause(ctx) })
	logger.Info("gateway serving", "url", baseURL)
	if opts.Ready != nil {
		opts.Ready(baseURL)
	}
	select {
	case err := <-errc:
		return fmt.Errorf("gateway: serve: %w", err)
	case <-ctx.Done():
		return nil
	}
}

// startVideoEvents lets changes served by other gateways reach this one's
// playback cache (docs/security-edge.md); without the playback edge there
// is nothing to evict.
func startVideoEvents(ctx context.Context, rt routes, js jetstream.JetStream, stack *lifecycle.Stack) {
	if rt.playback == nil {
		return
	}
	runCtx, stop := context.WithCancel(context.WithoutCancel(ctx))
	var wg sync.WaitGroup
	wg.Go(func() { rt.playback.RunVideoEvents(runCtx, js) })
	stack.Push("stop video events", func(context.Context) error { stop(); wg.Wait(); return nil })
}
