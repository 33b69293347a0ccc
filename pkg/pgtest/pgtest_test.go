package pgtest_test

import (
	"context"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func TestAvailable(t *testing.T) {
	require.NoError(t, pgtest.Available(), "this machine must have PostgreSQL installed")
}

func TestSchemasAreIsolated(t *testing.T) {
	ctx := context.Background()
	first, second := pgtest.Schema(t), pgtest.Schema(t)
	require.NotEqual(t, first.Schema, second.Schema)
	firstPool, secondPool := first.Pool(t), second.Pool(t)

	_, err := firstPool.Exec(ctx, "CREATE TABLE things (name text); INSERT INTO things VALUES ('first')")
	require.NoError(t, err)
	_, err = secondPool.Exec(ctx, "CREATE TABLE things (name text); INSERT INTO things VALUES ('second')")
	require.NoError(t, err, "the same unqualified table name must be free in another schema")

	var name string
	require.NoError(t, firstPool.QueryRow(ctx, "SELECT string_agg(name, ',') FROM things").Scan(&name))
	assert.Equal(t, "first", name)
	require.NoError(t, secondPool.QueryRow(ctx, "SELECT string_agg(name, ',') FROM things").Scan(&name))
	assert.Equal(t, "second", name)
}

func TestSchemaIsDroppedAfterTest(t *testing.T) {
	var inner pgtest.DB
	t.Run("uses a schema", func(t *testing.T) {
		inner = pgtest.Schema(t)
		_, err := inner.Pool(t).Exec(context.Background(), "CREATE TABLE things (name text)")
		require.NoError(t, err)
	})
	require.NotEmpty(t, inner.Schema)

	observer := pgtest.Schema(t).Pool(t)
	var exists bool
	err := observer.QueryRow(context.Background(),
		"SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = $1)", inner.Schema).Scan(&exists)
	require.NoError(t, err)
	assert.False(t, exists, "schema %s should have been dropped", inner.Schema)
}

func TestStartClusterKeepsDataAcrossRestarts(t *testing.T) {
	ctx := context.Background()
	dir, err := os.MkdirTemp("", "vidhost-pgtest-restart-")
	require.NoError(t, err)
	t.Cleanup(func() { _ = os.RemoveAll(dir) })

	first, err := pgtest.StartCluster(ctx, dir)
	require.NoError(t, err)
	db := pgtest.DB{URL: first.URL(), Schema: "kept"}
	_, err = db.Pool(t).Exec(ctx, "CREATE TABLE notes (body text); INSERT INTO notes VALUES ('survives')")
	require.NoError(t, err)
	require.NoError(t, first.Stop())

	second, err := pgtest.StartCluster(ctx, dir)
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, second.Stop()) })
	var body string
	db = pgtest.DB{URL: second.URL(), Schema: "kept"}
	require.NoError(t, db.Pool(t).QueryRow(ctx, "SELECT body FROM notes").Scan(&body))
	assert.Equal(t, "survives", body)
}
