package pgtest

import (
	"context"
	"io/fs"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/vidhost/vidhost/pkg/pg"
)

// Pool opens a pool on the test's schema with pg.Open and closes it when the
// test ends (before the schema is dropped).
func (db DB) Pool(t testing.TB) *pgxpool.Pool {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	pool, err := pg.Open(ctx, db.URL, db.Schema)
	if err != nil {
		t.Fatalf("pgtest: open pool: %v", err)
	}
	t.Cleanup(pool.Close)
	return pool
}

// Migrate applies migrations to the test's schema with pg.Migrate.
func (db DB) Migrate(t testing.TB, migrations fs.FS) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := pg.Migrate(ctx, db.URL, db.Schema, migrations); err != nil {
		t.Fatalf("pgtest: migrate: %v", err)
	}
}
