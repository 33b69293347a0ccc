package pgtest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/vidhost/vidhost/pkg/pgserver"
)

// startServer starts (once) the package's server, or connects to
// DATABASE_URL, and returns a small admin pool for creating schemas.
func startServer() (*pgxpool.Pool, string, error) {
	server.once.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		server.url = os.Getenv("DATABASE_URL")
		if server.url == "" {
			server.cluster, server.err = startPrivateCluster(ctx)
			if server.err != nil {
				return
			}
			server.url = server.cluster.URL()
		}
		server.admin, server.err = openAdmin(ctx, server.url)
	})
	return server.admin, server.url, server.err
}

// startPrivateCluster starts a throwaway cluster in a new temporary dir
// (under os.TempDir, which the postgres user can traverse, unlike
// t.TempDir's parent).
func startPrivateCluster(ctx context.Context) (*pgserver.Cluster, error) {
	dir, err := os.MkdirTemp("", "vidhost-pgtest-")
	if err != nil {
		return nil, fmt.Errorf("temp data dir: %w", err)
	}
	cluster, err := pgserver.StartCluster(ctx, dir)
	if err != nil {
		_ = os.RemoveAll(dir)
		return nil, err
	}
	return cluster, nil
}

func openAdmin(ctx context.Context, url string) (*pgxpool.Pool, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("parse database URL: %w", err)
	}
	cfg.MaxConns = 4
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, err
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("connect to %s: %w", url, err)
	}
	return pool, nil
}

// stopServer closes the admin pool and stops and removes a private cluster.
func stopServer() error {
	if server.admin != nil {
		server.admin.Close()
	}
	if server.cluster == nil {
		return nil
	}
	return errors.Join(server.cluster.Stop(), os.RemoveAll(server.cluster.DataDir()))
}
