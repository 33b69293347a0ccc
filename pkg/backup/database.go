package backup

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/jackc/pgx/v5"
)

// serviceSchemas lists the schemas a backup holds: every schema but
// PostgreSQL's own and public (which no service uses).
const serviceSchemas = `SELECT nspname FROM pg_namespace
WHERE nspname NOT LIKE 'pg\_%' AND nspname NOT IN ('information_schema', 'public') ORDER BY nspname`

// schemaVersions maps each service schema to its latest applied migration.
func schemaVersions(ctx context.Context, conn *pgx.Conn) (map[string]int64, error) {
	rows, err := conn.Query(ctx, serviceSchemas)
	if err != nil {
		return nil, err
	}
	schemas, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, err
	}
	versions := make(map[string]int64, len(schemas))
	for _, schema := range schemas {
		var version int64
		err := conn.QueryRow(ctx, `SELECT coalesce((SELECT max(version_id) FROM `+
			pgx.Identifier{schema, "goose_db_version"}.Sanitize()+` WHERE is_applied), 0)`).Scan(&version)
		if err != nil && !strings.Contains(err.Error(), "42P01") { // no migrations table: 0
			return nil, err
		}
		versions[schema] = version
	}
	return versions, nil
}

// publicExtensions lists the extensions installed in the public schema,
// which a dump of the service schemas does not hold.
func publicExtensions(ctx context.Context, conn *pgx.Conn) ([]string, error) {
	rows, err := conn.Query(ctx, `SELECT extname FROM pg_extension
		WHERE extnamespace = 'public'::regnamespace ORDER BY extname`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// createExtensions creates the extensions a dump needs in the public schema
// of a new database. pg_trgm is trusted (PostgreSQL 13+), so the database's
// owner may create it without being a superuser.
func createExtensions(ctx context.Context, conn *pgx.Conn, names []string) error {
	for _, name := range names {
		if _, err := conn.Exec(ctx, "CREATE EXTENSION IF NOT EXISTS "+pgx.Identifier{name}.Sanitize()+" SCHEMA public"); err != nil {
			return fmt.Errorf("the backup's schemas use the PostgreSQL extension %s, which cannot be created here "+
				"(as a superuser: CREATE EXTENSION %s SCHEMA public): %w", name, name, err)
		}
	}
	return nil
}

// tablesInServiceSchemas counts the tables a restore would collide with.
func tablesInServiceSchemas(ctx context.Context, conn *pgx.Conn) (int, error) {
	var n int
	err := conn.QueryRow(ctx, `SELECT count(*) FROM pg_tables WHERE schemaname IN (`+serviceSchemas+`)`).Scan(&n)
	return n, err
}

// pgTool finds pg_dump or pg_restore of the server's major version: a
// newer pg_dump reads an older server, an older one refuses a newer server,
// so Debian's versioned directory comes first and PATH after it.
func pgTool(ctx context.Context, conn *pgx.Conn, name string) (string, error) {
	var versionNum int
	if err := conn.QueryRow(ctx, `SELECT current_setting('server_version_num')::int`).Scan(&versionNum); err != nil {
		return "", err
	}
	versioned := filepath.Join("/usr/lib/postgresql", fmt.Sprint(versionNum/10000), "bin", name)
	if _, err := os.Stat(versioned); err == nil {
		return versioned, nil
	}
	path, err := exec.LookPath(name)
	if err != nil {
		return "", fmt.Errorf("%s for PostgreSQL %d is not installed (apt install postgresql-client-%d)", name, versionNum/10000, versionNum/10000)
	}
	return path, nil
}

// runTool runs a PostgreSQL client program and puts its last words into
// the error.
func runTool(ctx context.Context, path string, args ...string) error {
	out, err := exec.CommandContext(ctx, path, args...).CombinedOutput() //nolint:gosec // G204: pg_dump/pg_restore with our arguments
	if err != nil {
		return fmt.Errorf("%s failed: %s", filepath.Base(path), lastLine(string(out), err))
	}
	return nil
}

func lastLine(out string, err error) string {
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if last := lines[len(lines)-1]; last != "" {
		return last
	}
	return err.Error()
}
