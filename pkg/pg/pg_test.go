package pg_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/pg"
	"github.com/vidhost/vidhost/pkg/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func TestOpenPinsSearchPathToSchema(t *testing.T) {
	ctx := context.Background()
	db := pgtest.Schema(t)
	pool := db.Pool(t)

	_, err := pool.Exec(ctx, "CREATE TABLE widgets (id int)")
	require.NoError(t, err)
	var schema string
	err = pool.QueryRow(ctx, "SELECT table_schema FROM information_schema.tables WHERE table_name = 'widgets'").Scan(&schema)
	require.NoError(t, err)
	assert.Equal(t, db.Schema, schema)
}

func TestOpenCreatesMissingSchemaWithAnyName(t *testing.T) {
	ctx := context.Background()
	db := pgtest.Schema(t)
	// A name that only survives if it is quoted everywhere.
	name := db.Schema + ` Odd "Name"`
	t.Cleanup(func() {
		_, err := db.Pool(t).Exec(context.Background(), "DROP SCHEMA "+pg.QuoteIdentifier(name)+" CASCADE")
		assert.NoError(t, err)
	})

	pool, err := pg.Open(ctx, db.URL, name)
	require.NoError(t, err)
	defer pool.Close()
	var current string
	require.NoError(t, pool.QueryRow(ctx, "SELECT current_schema()").Scan(&current))
	assert.Equal(t, name, current)
}

func TestOpenRejectsBadInput(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name, url, schema string
	}{
		{"empty schema", pgtest.Schema(t).URL, ""},
		{"malformed URL", "postgres://%zz", "s"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pool, err := pg.Open(ctx, tt.url, tt.schema)
			assert.Error(t, err)
			assert.Nil(t, pool)
		})
	}
}
