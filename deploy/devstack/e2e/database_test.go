package e2e

import (
	"context"
	"net/url"
	"os"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The private PostgreSQL is the owner's alone: every TCP login needs a
// password, and each service's role reaches its own schema only.
func TestDatabaseRolesAreLeastPrivilege(t *testing.T) {
	if given := os.Getenv("DATABASE_URL"); given != "" {
		// An operator's database: the suite uses it as given.
		assert.Equal(t, given, suiteOf(t).ServiceDatabaseURL("catalog"))
		return
	}
	catalogURL := suiteOf(t).ServiceDatabaseURL("catalog")
	u, err := url.Parse(catalogURL)
	require.NoError(t, err)
	require.Equal(t, "catalog", u.User.Username(), "the catalog has a role of its own")

	t.Run("no TCP login without a password", func(t *testing.T) {
		for _, user := range []string{"postgres", "catalog"} {
			_, err := connect(t, "postgres://"+user+"@"+u.Host+"/postgres?sslmode=disable")
			assert.Error(t, err, user)
		}
		_, err := connect(t, "postgres://catalog:wrong@"+u.Host+"/postgres?sslmode=disable")
		assert.Error(t, err, "a wrong password")
	})

	conn, err := connect(t, catalogURL)
	require.NoError(t, err)
	t.Run("its own schema", func(t *testing.T) {
		var n int
		assert.NoError(t, conn.QueryRow(t.Context(), "SELECT count(*) FROM catalog.videos").Scan(&n))
	})
	t.Run("no other service's tables", func(t *testing.T) {
		for _, query := range []string{
			"SELECT count(*) FROM identity.api_keys",
			"SELECT count(*) FROM upload.uploads",
			"SELECT count(*) FROM gateway.idempotency_keys",
			"CREATE SCHEMA intruder",
			"CREATE TABLE public.intruder (id int)",
			"CREATE ROLE intruder",
		} {
			_, err := conn.Exec(t.Context(), query)
			var pgErr *pgconn.PgError
			if assert.ErrorAs(t, err, &pgErr, query) {
				assert.Equal(t, "42501", pgErr.Code, "%s: insufficient privilege", query)
			}
		}
	})
}

// The audit log is append-only for the service that writes it: identity's
// own role, logged in with its password, may read and insert entries and
// do nothing else to them.
func TestAuditLogIsAppendOnlyForIdentity(t *testing.T) {
	if os.Getenv("DATABASE_URL") != "" {
		t.Skip("an operator's database: every service shares its role")
	}
	identityURL := suiteOf(t).ServiceDatabaseURL("identity")
	u, err := url.Parse(identityURL)
	require.NoError(t, err)
	require.Equal(t, "identity", u.User.Username())
	conn, err := connect(t, identityURL)
	require.NoError(t, err)
	var n int
	require.NoError(t, conn.QueryRow(t.Context(), "SELECT count(*) FROM audit.audit_logs").Scan(&n), "identity reads")
	for _, query := range []string{
		"UPDATE audit.audit_logs SET action_data = '{}'",
		"DELETE FROM audit.audit_logs",
		"TRUNCATE audit.audit_logs",
		"DROP TABLE audit.audit_logs",
		"ALTER TABLE audit.audit_logs DISABLE TRIGGER ALL",
		"CREATE OR REPLACE FUNCTION audit.expire(keep interval) RETURNS bigint LANGUAGE sql AS 'SELECT 0::bigint'",
	} {
		_, err := conn.Exec(t.Context(), query)
		var pgErr *pgconn.PgError
		if assert.ErrorAs(t, err, &pgErr, query) {
			assert.Equal(t, "42501", pgErr.Code, "%s: insufficient privilege", query)
		}
	}
	var expired int64
	require.NoError(t, conn.QueryRow(t.Context(), "SELECT audit.expire('0 seconds')").Scan(&expired))
	assert.Zero(t, expired, "expiry never reaches entries younger than the floor")
	var after int
	require.NoError(t, conn.QueryRow(t.Context(), "SELECT count(*) FROM audit.audit_logs").Scan(&after))
	assert.GreaterOrEqual(t, after, n)
}

func connect(t *testing.T, rawURL string) (*pgx.Conn, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, rawURL)
	if err != nil {
		return nil, err
	}
	t.Cleanup(func() { _ = conn.Close(context.Background()) })
	return conn, nil
}
