package pg

import (
	"context"
	"io/fs"

	"github.com/vidhost/vidhost/pkg/admin"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/vidhost/vidhost/pkg/lifecycle"
)

// Start is a service's database start-up step: migrate its schema, open its
// pool, and push closing the pool on stack. Pushed first among a service's
// resources, the pool closes last, since every other step may still query
// while stopping.
func Start(ctx context.Context, databaseURL, schema string, migrations fs.FS, stack *lifecycle.Stack) (*pgxpool.Pool, error) {
	if err := Migrate(ctx, databaseURL, schema, migrations); err != nil {
		return nil, err
	}
	pool, err := Open(ctx, databaseURL, schema)
	if err != nil {
		return nil, err
	}
	stack.Push("database pool", func(context.Context) error { pool.Close(); return nil })
	admin.AddCheck(ctx, "database", pool.Ping) // ready only while PostgreSQL answers
	return pool, nil
}
