package k8s

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/pg"
	"github.com/vidhost/vidhost/pkg/pgserver"
	catalogmigrations "github.com/vidhost/vidhost/services/catalog/migrations"
	identitymigrations "github.com/vidhost/vidhost/services/identity/migrations"
)

// TestProvisionSQLRunsOnPostgreSQL does on a real PostgreSQL what
// CloudNativePG does: create the database, run provision.sql as the
// superuser in one go, give the roles login (managed.roles), and then
// checks that services migrate as their own roles and stay in their schema.
func TestProvisionSQLRunsOnPostgreSQL(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PostgreSQL")
	}
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	cluster := startPostgres(ctx, t)
	superuser := connect(ctx, t, cluster.URL())
	_, err := superuser.Exec(ctx, "CREATE DATABASE app")
	require.NoError(t, err)

	app := connect(ctx, t, urlFor(cluster, "postgres", database))
	script, err := os.ReadFile(provisionPath)
	require.NoError(t, err)
	// Several statements in one simple-protocol call, as CNPG sends a file.
	_, err = app.PgConn().Exec(ctx, string(script)).ReadAll()
	require.NoError(t, err, "provision.sql")
	for _, service := range databaseServices(t) {
		_, err = app.Exec(ctx, "ALTER ROLE "+pg.QuoteIdentifier(service)+" LOGIN")
		require.NoError(t, err)
	}

	// Each service migrates its own schema as itself, as at start.
	require.NoError(t, pg.Migrate(ctx, urlFor(cluster, "catalog", database), "catalog", catalogmigrations.FS))
	require.NoError(t, pg.Migrate(ctx, urlFor(cluster, "identity", database), "identity", identitymigrations.FS))

	catalog := connect(ctx, t, urlFor(cluster, "catalog", database))
	_, err = catalog.Exec(ctx, "CREATE TABLE identity.intruder (id int)")
	assert.ErrorContains(t, err, "permission denied", "a service stays out of another's schema")
	_, err = catalog.Exec(ctx, "CREATE TABLE public.intruder (id int)")
	assert.ErrorContains(t, err, "permission denied", "nor may it create in public")

	identity := connect(ctx, t, urlFor(cluster, "identity", database))
	_, err = identity.Exec(ctx, `INSERT INTO audit.audit_logs (id, account_id, actor_type, actor_id, entity_type,
		entity_id, action_type, action_data, action_ip, action_time) VALUES
		(gen_random_uuid(), 'a', 'user', 'u', 'video', 'v', 'create', '{}', '', now())`)
	assert.NoError(t, err, "identity writes the audit log")
	_, err = identity.Exec(ctx, "DELETE FROM audit.audit_logs")
	assert.ErrorContains(t, err, "permission denied", "and never deletes from it")
}

func startPostgres(ctx context.Context, t *testing.T) *pgserver.Cluster {
	t.Helper()
	require.NoError(t, pgserver.Available())
	// The server's user must traverse the parents (t.TempDir's are private).
	parent, err := os.MkdirTemp("", "vidhost-k8s-pg-")
	require.NoError(t, err)
	t.Cleanup(func() { _ = os.RemoveAll(parent) })
	require.NoError(t, os.Chmod(parent, 0o755))
	cluster, err := pgserver.StartCluster(ctx, filepath.Join(parent, "data"))
	require.NoError(t, err)
	t.Cleanup(func() { _ = cluster.Stop() })
	return cluster
}

// urlFor is the cluster's URL for role on database (the test cluster trusts
// local connections, so no password: CNPG's managed.roles sets one).
func urlFor(cluster *pgserver.Cluster, role, db string) string {
	return "postgres://" + role + "@127.0.0.1:" + strconv.Itoa(cluster.Port()) + "/" + db + "?sslmode=disable"
}

func connect(ctx context.Context, t *testing.T, url string) *pgx.Conn {
	t.Helper()
	conn, err := pgx.Connect(ctx, url)
	require.NoError(t, err)
	t.Cleanup(func() { _ = conn.Close(context.Background()) })
	return conn
}
