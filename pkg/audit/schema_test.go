package audit_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/audit"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// setupWriter provisions the audit store for a fresh role, standing for a
// service's role, and returns a pool (the superuser's) and the role.
func setupWriter(t *testing.T) (*pgxpool.Pool, string) {
	t.Helper()
	pool := pgtest.Schema(t).Pool(t)
	role := sanitizeRole("audit_writer_" + strings.ToLower(ids.New()[:8]))
	_, err := pool.Exec(t.Context(), "CREATE ROLE "+role+" NOLOGIN")
	require.NoError(t, err)
	t.Cleanup(func() {
		ctx := context.Background()
		_, _ = pool.Exec(ctx, "DROP OWNED BY "+role)
		_, _ = pool.Exec(ctx, "DROP ROLE "+role)
	})
	require.NoError(t, audit.Provision(t.Context(), pool, role))
	require.NoError(t, audit.Provision(t.Context(), pool, role), "provisioning again changes nothing")
	return pool, role
}

func sanitizeRole(s string) string {
	out := []rune{}
	for _, r := range s {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_' {
			out = append(out, r)
		} else {
			out = append(out, 'x')
		}
	}
	return string(out)
}

// asWriter runs fn in a transaction with the writer's rights (SET ROLE
// drops the superuser's), rolled back afterwards.
func asWriter(t *testing.T, pool *pgxpool.Pool, role string, fn func(tx pgx.Tx) error) error {
	t.Helper()
	tx, err := pool.Begin(t.Context())
	require.NoError(t, err)
	defer func() { _ = tx.Rollback(context.Background()) }()
	_, err = tx.Exec(t.Context(), "SET LOCAL ROLE "+role)
	require.NoError(t, err)
	return fn(tx)
}

const insertEntry = `INSERT INTO audit.audit_logs (id, account_id, actor_type, actor_id, entity_type, entity_id,
	action_type, action_data, action_ip, action_time) VALUES ($1, 'acc', 'system', 'operator', 'accounts', 'acc',
	'create', '{}', '', $2) ON CONFLICT (id) DO NOTHING`

func TestTheWriterMayOnlyInsertAndRead(t *testing.T) {
	pool, role := setupWriter(t)
	id := uuid.NewString()
	err := asWriter(t, pool, role, func(tx pgx.Tx) error {
		if _, err := tx.Exec(t.Context(), insertEntry, id, time.Now()); err != nil {
			return err
		}
		_, err := tx.Exec(t.Context(), insertEntry, id, time.Now())
		return err
	})
	require.NoError(t, err, "inserting, and inserting again (redelivery), is allowed")

	refused := map[string]string{
		"update":   "UPDATE audit.audit_logs SET action_data = '{}'",
		"delete":   "DELETE FROM audit.audit_logs",
		"truncate": "TRUNCATE audit.audit_logs",
		"drop":     "DROP TABLE audit.audit_logs",
		"alter":    "ALTER TABLE audit.audit_logs ADD COLUMN x int",
	}
	for name, statement := range refused {
		t.Run(name, func(t *testing.T) {
			err := asWriter(t, pool, role, func(tx pgx.Tx) error {
				_, err := tx.Exec(t.Context(), statement)
				return err
			})
			var pgErr *pgconn.PgError
			require.ErrorAs(t, err, &pgErr)
			assert.Equal(t, "42501", pgErr.Code, "insufficient_privilege, not some other failure: %v", err)
		})
	}
}

func TestExpireKeepsEntriesYoungerThanTheFloor(t *testing.T) {
	pool, role := setupWriter(t)
	old, recent := uuid.NewString(), uuid.NewString()
	err := asWriter(t, pool, role, func(tx pgx.Tx) error {
		if _, err := tx.Exec(t.Context(), insertEntry, old, time.Now().Add(-audit.RetentionFloor-time.Hour)); err != nil {
			return err
		}
		if _, err := tx.Exec(t.Context(), insertEntry, recent, time.Now().Add(-time.Hour)); err != nil {
			return err
		}
		// Asking for no retention at all still keeps the floor.
		if _, err := tx.Exec(t.Context(), "SELECT audit.expire('0 seconds')"); err != nil {
			return err
		}
		var left []string
		rows, err := tx.Query(t.Context(), "SELECT id::text FROM audit.audit_logs WHERE id IN ($1, $2)", old, recent)
		if err != nil {
			return err
		}
		left, err = pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			return err
		}
		assert.Equal(t, []string{recent}, left)
		return nil
	})
	require.NoError(t, err)
}
