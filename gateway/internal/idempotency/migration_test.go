package idempotency_test

import (
	"io/fs"
	"net/http"
	"testing"
	"testing/fstest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/internal/idempotency"
	"github.com/vidhost/vidhost/gateway/internal/idempotency/store"
	"github.com/vidhost/vidhost/gateway/migrations"
	"github.com/vidhost/vidhost/pkg/pgtest"
)

// migrationsBefore is the gateway's migrations numbered below version.
func migrationsBefore(t *testing.T, version string) fs.FS {
	t.Helper()
	files := fstest.MapFS{}
	entries, err := fs.ReadDir(migrations.FS, ".")
	require.NoError(t, err)
	for _, e := range entries {
		if e.Name() < version {
			data, err := fs.ReadFile(migrations.FS, e.Name())
			require.NoError(t, err)
			files[e.Name()] = &fstest.MapFile{Data: data}
		}
	}
	return files
}

// Migration 00002: a record kept before it names no principal and holds
// its answer in clear, so it is deleted; nobody gets it replayed, and the
// account's key is free for a new request.
func TestRecordsFromBeforeMigration00002AreForgotten(t *testing.T) {
	db := pgtest.Schema(t)
	db.Migrate(t, migrationsBefore(t, "00002"))
	pool := db.Pool(t)
	now := time.Now()
	_, err := pool.Exec(t.Context(), `INSERT INTO idempotency_keys
		(account_id, key, request_hash, status, content_type, response_body, created_time, expires_time)
		VALUES ('acct-a', 'k1', '\x00', 201, 'application/json', '{"value":"vh_secret"}', $1, $2)`, now, now.Add(time.Hour))
	require.NoError(t, err)
	db.Migrate(t, migrations.FS)
	again, err := fs.ReadFile(migrations.FS, "00002_idempotency_principal.sql")
	require.NoError(t, err)
	_, err = pool.Exec(t.Context(), string(again)) // safe to re-run
	require.NoError(t, err)

	var left int
	require.NoError(t, pool.QueryRow(t.Context(), `SELECT count(*) FROM idempotency_keys`).Scan(&left))
	assert.Zero(t, left, "the clear, principal-less record is gone")
	h := idempotency.Middleware(idempotency.Options{Store: store.New(pool), Box: &testBox, LockFor: time.Minute})(
		http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusCreated) }))
	f := &fixture{handler: h}
	w := f.post(t, "acct-a", "k1", `{}`)
	assert.Equal(t, http.StatusCreated, w.Code)
	assert.Empty(t, w.Header().Get(idempotency.ReplayedHeader))
}
