package pgtest_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

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
