package pgserver_test

import (
	"context"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/pgserver"
	"github.com/vidhost/vidhost/pkg/pgtest"
)

func TestAvailable(t *testing.T) {
	require.NoError(t, pgserver.Available(), "this machine must have PostgreSQL installed")
}

func TestStartClusterKeepsDataAcrossRestarts(t *testing.T) {
	ctx := context.Background()
	dir, err := os.MkdirTemp("", "vidhost-pgserver-restart-")
	require.NoError(t, err)
	t.Cleanup(func() { _ = os.RemoveAll(dir) })

	first, err := pgserver.StartCluster(ctx, dir)
	require.NoError(t, err)
	db := pgtest.DB{URL: first.URL(), Schema: "kept"}
	_, err = db.Pool(t).Exec(ctx, "CREATE TABLE notes (body text); INSERT INTO notes VALUES ('survives')")
	require.NoError(t, err)
	require.NoError(t, first.Stop())

	second, err := pgserver.StartCluster(ctx, dir)
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, second.Stop()) })
	var body string
	db = pgtest.DB{URL: second.URL(), Schema: "kept"}
	require.NoError(t, db.Pool(t).QueryRow(ctx, "SELECT body FROM notes").Scan(&body))
	assert.Equal(t, "survives", body)
}
