package app

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"strings"

	"github.com/vidhost/vidhost/pkg/grpcx"
	"github.com/vidhost/vidhost/pkg/lifecycle"
	"github.com/vidhost/vidhost/pkg/mail"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/pkg/secrets"
	"github.com/vidhost/vidhost/services/identity/internal/accounts"
	"github.com/vidhost/vidhost/services/identity/internal/auditlog"
	"github.com/vidhost/vidhost/services/identity/internal/invites"
	"github.com/vidhost/vidhost/services/identity/internal/jwtkeys"
	"github.com/vidhost/vidhost/services/identity/internal/keys"
	"github.com/vidhost/vidhost/services/identity/internal/mfa"
	"github.com/vidhost/vidhost/services/identity/internal/server"
	"github.com/vidhost/vidhost/services/identity/internal/sessions"
	"github.com/vidhost/vidhost/services/identity/internal/signin"
	"github.com/vidhost/vidhost/services/identity/internal/sso"
	"github.com/vidhost/vidhost/services/identity/internal/store"
	"github.com/vidhost/vidhost/services/identity/internal/users"
)

// Run starts the identity service and serves until ctx is done, then drains
// and stops everything it started, newest first.
func Run(ctx context.Context, cfg Config, logger *slog.Logger, opts Options) error {
	return lifecycle.Run(ctx, logger, lifecycle.ShutdownTimeout, func(stack *lifecycle.Stack) error {
		srv, err := start(ctx, cfg, logger, opts, stack)
		if err != nil {
			closeListener(opts.Listener)
			return err
		}
		return serve(ctx, cfg, logger, opts, srv)
	})
}

// start brings up everything the server needs, in docs/style.md's order, pushing
// each cleanup on stack as it goes.
func start(ctx context.Context, cfg Config, logger *slog.Logger, opts Options, stack *lifecycle.Stack) (*server.Server, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if opts.Listener == nil && cfg.GRPCAddr == "" {
		return nil, errors.New("VIDHOST_IDENTITY_GRPC_ADDR must be set")
	}
	pool, js, err := outbox.Open(ctx, logger, stack, database(cfg), cfg.NATSClient(natsx.ServiceIdentity), natsx.StreamIdentity, natsx.StreamAccounts, natsx.StreamAudit,
		natsx.StreamCatalog, natsx.StreamUploads, natsx.StreamDeadLetter) // catalog and uploads for the notifier
	if err != nil {
		return nil, err
	}
	st := store.New(pool)
	if err := runBootstrap(ctx, cfg, st, logger, opts.OnBootstrap); err != nil {
		return nil, err
	}
	mailer, err := newMailer(cfg, logger)
	if err != nil {
		return nil, err
	}
	auditLog := auditlog.NewService(st)
	if err := startAuditLog(ctx, cfg, js, auditLog, logger, stack); err != nil {
		return nil, err
	}
	inviteService := invites.NewService(st.Invites(), mailer, cfg.PublicURL, logger)
	if err := startNotifier(ctx, cfg, js, st, mailer, logger, stack); err != nil {
		return nil, err
	}
	sealer, err := mfa.NewSealer(secrets.MustRoot(cfg.InternalSecret))
	if err != nil {
		return nil, err
	}
	// Disabling or deleting a user ends their sessions at once (the
	// users.Stopper); sign-in starts them (docs/authentication.md).
	sessionService := sessions.NewService(st.Sessions())
	signIn := signin.NewService(st.SignIn(), sessionService, sealer, logger).WithResets(mailer, cfg.PublicURL)
	ssoService := newSSO(cfg, st, sessionService, logger)
	return server.New(keys.NewService(st), jwtkeys.NewService(st)).
		WithAdmin(server.NewAdmin(accounts.NewService(st, inviteService)).WithSSO(ssoService)).
		WithUsers(users.NewService(st.Users(), sessionService)).
		WithAccountSummaries(accounts.NewSummaries(st)).
		WithSessions(server.NewSessions(signIn, sessionService)).
		WithInvites(inviteService).
		WithAuditLog(auditLog).
		WithSSO(ssoService), nil
}

// newSSO is identity providers and single sign-on; a sign-in ends in a
// session of sessionService, as a password sign-in does.
func newSSO(cfg Config, st *store.Store, sessionService *sessions.Service, logger *slog.Logger) *sso.Service {
	return sso.NewService(st.SSO(), sso.Options{
		Starter: ssoSessions{sessions: sessionService},
		Root:    secrets.MustRoot(cfg.InternalSecret), PublicURL: strings.TrimSuffix(cfg.PublicURL, "/"),
		Policy: sso.IssuerPolicy{AllowLoopbackHTTP: cfg.SSOAllowLoopbackIssuers}, Logger: logger,
		Resolver: sso.NewResolver(cfg.DNSResolver),
	})
}

// newMailer is how invites are mailed, after their transaction commits
// (docs/invites.md). Without an SMTP host nothing is mailed: invites are
// still made, and each unsent one is logged.
func newMailer(cfg Config, logger *slog.Logger) (invites.Mailer, error) {
	if cfg.SMTP.Host == "" {
		logger.Warn("no SMTP host (VIDHOST_SMTP_HOST): invite emails are not sent")
		return nil, nil
	}
	return mail.New(cfg.SMTP)
}

// serve runs the gRPC server until ctx is done; grpcx drains it then.
func serve(ctx context.Context, cfg Config, logger *slog.Logger, opts Options, srv *server.Server) error {
	lis, err := grpcx.Listen(opts.Listener, cfg.GRPCAddr)
	if err != nil {
		return err
	}
	grpcServer := grpcx.NewServer(grpcx.ServerOptions{Logger: logger, Root: secrets.MustRoot(cfg.InternalSecret)})
	srv.Register(grpcServer)
	logger.Info("identity serving", "addr", lis.Addr().String())
	if opts.Ready != nil {
		// The listener is bound: calls made now wait in its backlog.
		opts.Ready(lis.Addr().String())
	}
	return grpcServer.Serve(ctx, lis, grpcx.DefaultDrain)
}

func closeListener(lis net.Listener) {
	if lis != nil {
		_ = lis.Close()
	}
}
