package store_test

import (
	"io/fs"
	"testing"
	"testing/fstest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/pkg/pgtest"
	"github.com/vidhost/vidhost/services/analytics/internal/store"
	"github.com/vidhost/vidhost/services/analytics/internal/views"
	"github.com/vidhost/vidhost/services/analytics/migrations"
)

// migrationsBefore is the migrations numbered below version.
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

// Migration 00005 moves the open replay windows to viewer_windows: a replay
// within 30 minutes of a view stored before the upgrade is still the same
// view after it.
func TestWindowsOpenBeforeMigration00005StillHold(t *testing.T) {
	t.Parallel()
	db := pgtest.Schema(t)
	db.Migrate(t, migrationsBefore(t, "00005"))
	pool := db.Pool(t)
	_, err := pool.Exec(t.Context(), `INSERT INTO viewer_views (account_id, video_id, viewer_id, counted_time)
		VALUES ($1, 'v1', 'viewer-1', $2)`, accountA, day1)
	require.NoError(t, err)
	db.Migrate(t, migrations.FS)
	var windows int
	require.NoError(t, pool.QueryRow(t.Context(), `SELECT count(*) FROM viewer_windows`).Scan(&windows))
	assert.Equal(t, 1, windows)

	st := store.New(pool)
	replayed, err := st.Ingest(t.Context(), []views.Event{
		play("e1", accountA, "v1", "viewer-1", "a.example", "US", day1.Add(10*time.Minute)),
		play("e2", accountA, "v1", "viewer-2", "a.example", "US", day1.Add(10*time.Minute)),
	})
	require.NoError(t, err)
	assert.Equal(t, 1, replayed.Views, "viewer-1's window was carried over")
	var staging int
	require.NoError(t, pool.QueryRow(t.Context(),
		`SELECT count(*) FROM pg_tables WHERE schemaname = current_schema() AND tablename IN ('viewer_views', 'view_events_staging')`).Scan(&staging))
	assert.Zero(t, staging, "the old tables are gone")
}

// Migration 00008's outbox is the table pkg/outbox's relay reads.
func TestOutboxIsPkgOutboxs(t *testing.T) {
	t.Parallel()
	f := setup(t)
	require.NoError(t, outbox.CheckTable(t.Context(), f.pool))
}
