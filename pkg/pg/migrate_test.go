package pg_test

import (
	"context"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/pg"
	"github.com/vidhost/vidhost/pkg/pgtest"
)

var migrations = fstest.MapFS{
	"00001_parents.sql": {Data: []byte(`-- +goose Up
CREATE TABLE parents (id text PRIMARY KEY);
`)},
	"00002_children.sql": {Data: []byte(`-- +goose Up
CREATE TABLE children (
	id text PRIMARY KEY,
	parent_id text NOT NULL REFERENCES parents (id)
);
`)},
}

func TestMigrateAppliesInsideSchemaAndIsIdempotent(t *testing.T) {
	ctx := context.Background()
	db := pgtest.Schema(t)

	require.NoError(t, pg.Migrate(ctx, db.URL, db.Schema, migrations))
	require.NoError(t, pg.Migrate(ctx, db.URL, db.Schema, migrations), "second run must be a no-op")

	pool := db.Pool(t)
	assert.ElementsMatch(t, []string{"children", "goose_db_version", "parents"}, tablesIn(t, pool, db.Schema))
	assert.Equal(t, []int64{0, 1, 2}, appliedVersions(t, pool))
	assert.NotContains(t, tablesIn(t, pool, "public"), "goose_db_version")
}

func TestMigrateConcurrentlyAppliesOnce(t *testing.T) {
	ctx := context.Background()
	db := pgtest.Schema(t)
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		wg.Go(func() { errs[i] = pg.Migrate(ctx, db.URL, db.Schema, migrations) })
	}
	wg.Wait()
	for _, err := range errs {
		require.NoError(t, err)
	}
	assert.Equal(t, []int64{0, 1, 2}, appliedVersions(t, db.Pool(t)))
}

func TestMigrateCreatesMissingSchema(t *testing.T) {
	ctx := context.Background()
	db := pgtest.Schema(t)
	fresh := db.Schema + "_fresh"
	pool := db.Pool(t)
	t.Cleanup(func() {
		_, err := pool.Exec(context.Background(), "DROP SCHEMA IF EXISTS "+pg.QuoteIdentifier(fresh)+" CASCADE")
		assert.NoError(t, err)
	})

	require.NoError(t, pg.Migrate(ctx, db.URL, fresh, migrations))
	assert.Contains(t, tablesIn(t, pool, fresh), "children")
}

func TestMigrateReportsBrokenMigration(t *testing.T) {
	db := pgtest.Schema(t)
	broken := fstest.MapFS{"00001_broken.sql": {Data: []byte("-- +goose Up\nCREATE TABLEX nope;\n")}}
	err := pg.Migrate(context.Background(), db.URL, db.Schema, broken)
	require.Error(t, err)
	assert.Contains(t, err.Error(), db.Schema)
}

func TestMigrateRefusesADatabaseFromAFutureRelease(t *testing.T) {
	ctx := context.Background()
	db := pgtest.Schema(t)
	newer := fstest.MapFS{"00003_grandchildren.sql": {Data: []byte("-- +goose Up\nCREATE TABLE grandchildren (id text PRIMARY KEY);\n")}}
	for name, file := range migrations {
		newer[name] = file
	}
	require.NoError(t, pg.Migrate(ctx, db.URL, db.Schema, newer), "the newer release upgrades")

	err := pg.Migrate(ctx, db.URL, db.Schema, migrations)
	require.Error(t, err, "the older release must not run on the upgraded schema")
	assert.Contains(t, err.Error(), "is at migration 3 but this binary knows migrations up to 2")
	assert.Equal(t, []int64{0, 1, 2, 3}, appliedVersions(t, db.Pool(t)), "nothing was rolled back or reapplied")
}
