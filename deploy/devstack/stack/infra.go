package stack

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/pgtest"
	"github.com/vidhost/vidhost/pkg/secrets"
)

// startDatabase returns DatabaseURL when set, otherwise starts the private
// cluster whose data lives in var/pg (kept across runs).
func (s *Stack) startDatabase(ctx context.Context) (string, error) {
	if s.cfg.DatabaseURL != "" {
		return s.cfg.DatabaseURL, nil
	}
	if err := pgtest.Available(); err != nil {
		return "", err
	}
	cluster, err := pgtest.StartCluster(ctx, filepath.Join(s.varDir, "pg"))
	if err != nil {
		return "", fmt.Errorf("start PostgreSQL: %w", err)
	}
	s.stack.Push("postgresql", func(context.Context) error { return cluster.Stop() })
	return cluster.URL(), nil
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
