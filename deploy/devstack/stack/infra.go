package stack

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/pgserver"
	"github.com/vidhost/vidhost/pkg/secrets"
)

// startDatabase returns DatabaseURL for every service when set, otherwise
// starts the private cluster whose data lives in var/pg (kept across runs):
// owner-only (pgserver.StartOwnerOnly), with one role per service.
func (s *Stack) startDatabase(ctx context.Context) (databaseURLs, error) {
	if s.production() {
		// The operator's role provisions one least-privilege role per
		// service, as on the private cluster.
		services, err := provisionRoles(ctx, s.cfg.DatabaseURL, secrets.MustRoot(s.secret))
		return databaseURLs{admin: s.cfg.DatabaseURL, services: services}, err
	}
	if s.cfg.DatabaseURL != "" {
		// Every service shares the operator's role, which therefore writes
		// the audit log too: append-only needs a role per service.
		return databaseURLs{admin: s.cfg.DatabaseURL}, provisionAuditAsSelf(ctx, s.cfg.DatabaseURL)
	}
	if err := pgserver.Available(); err != nil {
		return databaseURLs{}, err
	}
	cluster, err := pgserver.StartOwnerOnly(ctx, filepath.Join(s.varDir, "pg"))
	if err != nil {
		return databaseURLs{}, fmt.Errorf("start PostgreSQL: %w", err)
	}
	s.stack.Push("postgresql", func(context.Context) error { return cluster.Stop() })
	services, err := provisionRoles(ctx, cluster.URL(), secrets.MustRoot(s.secret))
	if err != nil {
		return databaseURLs{}, err
	}
	return databaseURLs{admin: cluster.URL(), services: services}, nil
}

// startNATS starts the embedded JetStream server with its data in var/nats.
// It admits only the services' users, whose keys derive from this run's
// root secret: each service signs in with its own, and gets its rights.
func (s *Stack) startNATS() (string, error) {
	dir := filepath.Join(s.varDir, "nats")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	root, err := secrets.ParseRoot("the devstack's root secret", s.secret)
	if err != nil {
		return "", err
	}
	users, err := natsx.ServerUsers(root)
	if err != nil {
		return "", err
	}
	srv, err := natsx.StartEmbedded(dir, "127.0.0.1", s.cfg.NATSPort, users)
	if err != nil {
		return "", fmt.Errorf("start NATS: %w", err)
	}
	s.stack.Push("nats server", func(context.Context) error {
		srv.Shutdown()
		srv.WaitForShutdown()
		return nil
	})
	return srv.ClientURL(), nil
}
