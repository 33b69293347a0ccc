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
		assert.Equal(t, given, suite.ServiceDatabaseURL("catalog"))
		return
	}
	catalogURL := suite.ServiceDatabaseURL("catalog")
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
