package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/vidhost/vidhost/pkg/pgserver"
)

// DB names a test's private schema on the package's server. Pass URL and
// Schema to pg.Open and pg.Migrate.
type DB struct {
	URL    string // base URL of the server, without a search_path
	Schema string // a fresh schema, dropped when the test ends
}

// server is the package's shared PostgreSQL, started on first use.
var server struct {
	once    sync.Once
	err     error
	url     string
	cluster *pgserver.Cluster // nil when DATABASE_URL was given
	admin   *pgxpool.Pool
}

// Main runs the package's tests, then stops the cluster if one was started.
// Call it from TestMain.
func Main(m *testing.M) {
	code := m.Run()
	if err := stopServer(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		if code == 0 {
			code = 1
		}
	}
	os.Exit(code)
}

// Schema creates a uniquely named empty schema for t on the package's
// server (starting it on first use) and drops it, with everything in it,
// when t ends.
func Schema(t testing.TB) DB {
	t.Helper()
	admin, url, err := startServer()
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	name := "test_" + randomSuffix()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := admin.Exec(ctx, "CREATE SCHEMA "+pgx.Identifier{name}.Sanitize()); err != nil {
		t.Fatalf("pgtest: create schema: %v", err)
	}
	t.Cleanup(func() { dropSchema(t, admin, name) })
	return DB{URL: url, Schema: name}
}

func dropSchema(t testing.TB, admin *pgxpool.Pool, name string) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := admin.Exec(ctx, "DROP SCHEMA IF EXISTS "+pgx.Identifier{name}.Sanitize()+" CASCADE"); err != nil {
		t.Errorf("pgtest: drop schema %s (is a connection still holding locks in it?): %v", name, err)
	}
}

func randomSuffix() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
