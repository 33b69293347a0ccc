package pg

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Open creates schema if it is missing and returns a pool whose connections
// all use it as their search_path. The pool has been pinged.
func Open(ctx context.Context, databaseURL, schema string) (*pgxpool.Pool, error) {
	cfg, err := PoolConfig(databaseURL, schema)
	if err != nil {
		return nil, err
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("pg: open pool: %w", err)
	}
	execPool := func(ctx context.Context, statement string) error {
		_, err := pool.Exec(ctx, statement)
		return err
	}
	if err := createSchema(ctx, execPool, schema); err != nil {
		pool.Close()
		return nil, err
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("pg: ping: %w", err)
	}
	return pool, nil
}

// PoolConfig parses databaseURL, pins every connection's search_path to
// schema and gives every connection the fast array encoders (arrays.go). It is exported for callers that want to tune the pool (MaxConns,
// hooks) before creating it; they must create the schema themselves.
func PoolConfig(databaseURL, schema string) (*pgxpool.Config, error) {
	if schema == "" {
		return nil, errors.New("pg: schema must not be empty")
	}
	cfg, err := pgxpool.ParseConfig(databaseURL)
	if err != nil {
		return nil, fmt.Errorf("pg: parse database URL: %w", err)
	}
	cfg.ConnConfig.RuntimeParams["search_path"] = QuoteIdentifier(schema)
	cfg.AfterConnect = func(_ context.Context, conn *pgx.Conn) error {
		registerFastArrays(conn.TypeMap())
		return nil
	}
	return cfg, nil
}

// QuoteIdentifier quotes name for use as an SQL identifier.
func QuoteIdentifier(name string) string {
	return pgx.Identifier{name}.Sanitize()
}

// execFunc runs one statement; it lets createSchema serve both a pgx pool and
// a database/sql handle.
type execFunc func(ctx context.Context, statement string) error

// createSchema creates schema if it is missing. It looks first, because
// PostgreSQL checks the right to create schemas before IF NOT EXISTS: a
// service whose role owns its schema but may create no other (the
// devstack's roles, least privilege) must not need that right. Two sessions
// creating it at the same moment can still collide on the catalog's unique
// index; the loser's error means the schema exists.
func createSchema(ctx context.Context, exec execFunc, schema string) error {
	literal := "'" + strings.ReplaceAll(schema, "'", "''") + "'"
	err := exec(ctx, "DO $create$ BEGIN IF NOT EXISTS (SELECT FROM pg_namespace WHERE nspname = "+literal+") THEN "+
		"CREATE SCHEMA "+QuoteIdentifier(schema)+"; END IF; END $create$")
	if err != nil && !IsUniqueViolation(err) && !hasCode(err, codeDuplicateSchema) {
		return fmt.Errorf("pg: create schema %q: %w", schema, err)
	}
	return nil
}
