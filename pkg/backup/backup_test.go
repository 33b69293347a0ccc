package backup

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/pgserver"
)

// clusterURL is the superuser URL of the package's private PostgreSQL.
var clusterURL string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "vidhost-backup-pg-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	cluster, err := pgserver.StartCluster(context.Background(), dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	clusterURL = cluster.URL()
	code := m.Run()
	_ = cluster.Stop()
	_ = os.RemoveAll(dir)
	os.Exit(code)
}

// newDatabase creates an empty database of its own for t and returns its URL.
func newDatabase(t *testing.T, name string) string {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, clusterURL)
	require.NoError(t, err)
	defer conn.Close(ctx)
	_, err = conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize())
	require.NoError(t, err)
	return strings.Replace(clusterURL, "/postgres?", "/"+name+"?", 1)
}

func execSQL(t *testing.T, url string, statements ...string) {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	require.NoError(t, err)
	defer conn.Close(ctx)
	for _, s := range statements {
		_, err := conn.Exec(ctx, s)
		require.NoError(t, err, s)
	}
}

// installation is a small installation: two schemas (one with goose's
// migrations table), a secret, a config file and media.
func installation(t *testing.T, name string) Installation {
	t.Helper()
	url := newDatabase(t, name)
	execSQL(t, url,
		"CREATE SCHEMA catalog",
		"CREATE TABLE catalog.goose_db_version (version_id bigint, is_applied bool)",
		"INSERT INTO catalog.goose_db_version VALUES (0, true), (7, true)",
		"CREATE TABLE catalog.videos (id text PRIMARY KEY)",
		"INSERT INTO catalog.videos VALUES ('vid_1'), ('vid_2')",
		// The catalog's search index needs pg_trgm, which lives in public.
		"CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public",
		"CREATE INDEX videos_id_trgm_idx ON catalog.videos USING gin (id public.gin_trgm_ops)",
		// Events and jobs published within outbox.Retention of the snapshot.
		"CREATE TABLE catalog.outbox (seq bigserial PRIMARY KEY, id text NOT NULL UNIQUE, subject text NOT NULL, payload bytea NOT NULL, published_time timestamptz)",
		"INSERT INTO catalog.outbox (id, subject, payload, published_time) VALUES ('evt_ready', 'video.ready', 'r', now()), "+
			"('job_1', 'transcode.jobs', 'done', now()), ('job_2', 'transcode.jobs', 'x', now())",
		// A transcode running at the snapshot, and one waiting.
		"CREATE TABLE catalog.transcode_queue (video_id text PRIMARY KEY, job_id text, subject text, payload bytea, dispatched_time timestamptz)",
		"INSERT INTO catalog.transcode_queue VALUES ('vid_2', 'job_2', 'transcode.jobs', 'x', now()), ('vid_3', 'job_3', 'transcode.jobs', 'y', NULL)",
		"CREATE SCHEMA audit",
		"CREATE TABLE audit.events (id bigint)")
	inst := emptyInstallation(t, url)
	require.NoError(t, os.WriteFile(inst.SecretFile, []byte("root secret"), 0o600))
	require.NoError(t, os.WriteFile(inst.ConfigFile, []byte("DATABASE_URL="+url+"\n"), 0o600))
	writeMedia(t, inst.MediaDir, map[string]string{"acc/vid_1/master.m3u8": "playlist"})
	return inst
}

// emptyInstallation is an installation's layout on url's database: a new
// data directory with the secret and media in it, the config file beside.
func emptyInstallation(t *testing.T, url string) Installation {
	data := t.TempDir()
	return Installation{DatabaseURL: url, DataDir: data, SecretFile: filepath.Join(data, "internal.secret"),
		ConfigFile: filepath.Join(t.TempDir(), "vidhost.env"), MediaDir: filepath.Join(data, "media")}
}

func TestBackupAndRestore(t *testing.T) {
	ctx := context.Background()
	src := installation(t, "backup_source")
	dir := t.TempDir()
	m, err := Backup(ctx, src, dir)
	require.NoError(t, err)
	assert.Equal(t, map[string]int64{"audit": 0, "catalog": 7}, m.Schemas)
	assert.Equal(t, []string{"pg_trgm"}, m.Extensions)
	assert.Equal(t, 1, m.MediaFiles)

	dst := emptyInstallation(t, newDatabase(t, "backup_target"))
	execSQL(t, dst.DatabaseURL, "CREATE SCHEMA catalog") // as init leaves it: schemas, no tables
	_, err = Restore(ctx, dst, dir)
	require.NoError(t, err)

	conn, err := pgx.Connect(ctx, dst.DatabaseURL)
	require.NoError(t, err)
	defer conn.Close(ctx)
	var ids []string
	rows, err := conn.Query(ctx, "SELECT id FROM catalog.videos ORDER BY id")
	require.NoError(t, err)
	ids, err = pgx.CollectRows(rows, pgx.RowTo[string])
	require.NoError(t, err)
	assert.Equal(t, []string{"vid_1", "vid_2"}, ids)
	rows, err = conn.Query(ctx, "SELECT id FROM catalog.outbox WHERE published_time IS NULL ORDER BY id")
	require.NoError(t, err)
	requeued, err := pgx.CollectRows(rows, pgx.RowTo[string])
	require.NoError(t, err)
	assert.Equal(t, []string{"evt_ready", "job_2"}, requeued,
		"recent events and the running job are published again; the finished job is not; the waiting one waits for its slot")
	secret, err := os.ReadFile(dst.SecretFile)
	require.NoError(t, err)
	assert.Equal(t, "root secret", string(secret))
	assert.FileExists(t, filepath.Join(dst.MediaDir, "acc/vid_1/master.m3u8"))
	assert.FileExists(t, dst.ConfigFile)
}

func TestRestoreRefusesAnExistingInstallation(t *testing.T) {
	ctx := context.Background()
	src := installation(t, "refuse_source")
	dir := t.TempDir()
	_, err := Backup(ctx, src, dir)
	require.NoError(t, err)

	_, err = Restore(ctx, src, dir)
	assert.EqualError(t, err, "the directory "+src.DataDir+" is not empty: a restore goes onto an empty one only")

	emptyDir := src
	emptyDir.DataDir = t.TempDir()
	emptyDir.SecretFile = filepath.Join(emptyDir.DataDir, "internal.secret")
	emptyDir.MediaDir = filepath.Join(emptyDir.DataDir, "media")
	_, err = Restore(ctx, emptyDir, dir)
	assert.EqualError(t, err, "the database already holds 5 tables: a restore goes onto an empty database only")
	entries, err := os.ReadDir(emptyDir.DataDir)
	require.NoError(t, err)
	assert.Empty(t, entries, "a refused restore writes nothing")
}

func TestFailedBackupLeavesNoManifest(t *testing.T) {
	ctx := context.Background()
	src := installation(t, "full_disk_source")
	dir := t.TempDir()
	_, err := Backup(ctx, src, dir)
	require.NoError(t, err)
	writeMedia(t, src.MediaDir, map[string]string{"acc/vid_2/master.m3u8": "a longer playlist that no longer fits"})

	// The disk fills while the second run copies media.
	_, err = backupWith(ctx, &countingFS{failAfter: 20}, src, dir)
	require.ErrorIs(t, err, errDiskFull)
	assert.NoFileExists(t, filepath.Join(dir, manifestFile), "the previous run's manifest goes too")
	_, err = Restore(ctx, Installation{DatabaseURL: newDatabase(t, "full_disk_target"), DataDir: t.TempDir()}, dir)
	assert.EqualError(t, err, dir+" has no manifest.json: it is not a finished backup")
}

func TestRestoreThatFailsAfterTheDatabaseTakesItBack(t *testing.T) {
	ctx := context.Background()
	src := installation(t, "undo_source")
	dir := t.TempDir()
	_, err := Backup(ctx, src, dir)
	require.NoError(t, err)

	dst := emptyInstallation(t, newDatabase(t, "undo_target"))
	dst.ConfigFile = "" // only the secret is written before the media
	// The disk fills after the secret ("root secret", 11 bytes), in the media.
	_, err = restoreWith(ctx, &countingFS{failAfter: 12}, dst, dir)
	require.ErrorIs(t, err, errDiskFull)
	assert.Contains(t, err.Error(), "the restore failed after the database was restored (restoring media acc/vid_1/master.m3u8:")
	assert.Contains(t, err.Error(), "what it wrote was taken back, so restore can run again")
	assert.NoFileExists(t, dst.SecretFile)
	assert.NoFileExists(t, filepath.Join(dst.MediaDir, "acc/vid_1/master.m3u8"))

	_, err = Restore(ctx, dst, dir)
	require.NoError(t, err, "the second run starts from where the first did")
	assert.FileExists(t, filepath.Join(dst.MediaDir, "acc/vid_1/master.m3u8"))
}
