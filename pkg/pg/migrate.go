package pg

import (
	"context"
	"database/sql"
	"fmt"
	"hash/fnv"
	"io/fs"

	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
)

// Migrate applies the goose SQL migrations at the root of migrations
// (NNNNN_name.sql files) inside schema, creating the schema if needed.
// goose's version table lives in the schema too, so services never share it.
// It is idempotent and safe to run from several processes at once: a
// session-level advisory lock, keyed by the schema, serialises them.
func Migrate(ctx context.Context, databaseURL, schema string, migrations fs.FS) error {
	db, err := openSQL(databaseURL, schema)
	if err != nil {
		return err
	}
	defer db.Close()
	execSQL := func(ctx context.Context, statement string) error {
		_, err := db.ExecContext(ctx, statement)
		return err
	}
	if err := createSchema(ctx, execSQL, schema); err != nil {
		return err
	}
	provider, err := newProvider(db, schema, migrations)
	if err != nil {
		return err
	}
	if err := refuseFutureSchema(ctx, provider, schema); err != nil {
		return err
	}
	if _, err := provider.Up(ctx); err != nil {
		return fmt.Errorf("pg: migrate schema %q: %w", schema, err)
	}
	return nil
}

// refuseFutureSchema stops a binary older than the database it meets (a
// rollback onto an upgraded database, or two releases sharing one): its
// queries would run against tables it does not know.
func refuseFutureSchema(ctx context.Context, provider *goose.Provider, schema string) error {
	current, known, err := provider.GetVersions(ctx)
	if err != nil {
		return fmt.Errorf("pg: migration version of schema %q: %w", schema, err)
	}
	if current > known {
		return fmt.Errorf("the database's schema %q is at migration %d but this binary knows migrations up to %d: "+
			"run the release that upgraded it, or restore the backup taken before the upgrade", schema, current, known)
	}
	return nil
}

func newProvider(db *sql.DB, schema string, migrations fs.FS) (*goose.Provider, error) {
	// Poll the lock every second (goose's default is 5 s) for up to 5 minutes.
	locker, err := lock.NewPostgresSessionLocker(
		lock.WithLockID(migrationLockID(schema)),
		lock.WithLockTimeout(1, 300),
	)
	if err != nil {
		return nil, fmt.Errorf("pg: migration lock: %w", err)
	}
	provider, err := goose.NewProvider(goose.DialectPostgres, db, migrations,
		goose.WithSessionLocker(locker),
		// Only the SQL files of this FS count, never Go migrations some
		// other package registered globally.
		goose.WithDisableGlobalRegistry(true),
	)
	if err != nil {
		return nil, fmt.Errorf("pg: migrations of schema %q: %w", schema, err)
	}
	return provider, nil
}

// migrationLockID derives the advisory lock id from the schema, so services
// sharing a database migrate in parallel while two replicas of one service
// take turns.
func migrationLockID(schema string) int64 {
	h := fnv.New64a()
	h.Write([]byte("vidhost-migrate:" + schema))
	return int64(h.Sum64()) //nolint:gosec // the hash's 64 bits reinterpreted as a bigint lock key; wrapping is intended
}

// openSQL opens a database/sql handle through pgx's stdlib driver with the
// same search_path as Open's pools; goose's unqualified version table then
// lands in the schema.
func openSQL(databaseURL, schema string) (*sql.DB, error) {
	cfg, err := PoolConfig(databaseURL, schema)
	if err != nil {
		return nil, err
	}
	return stdlib.OpenDB(*cfg.ConnConfig), nil
}
