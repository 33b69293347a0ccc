package audit

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/vidhost/vidhost/pkg/pg"
)

// The append-only store: a schema and table owned by a role nobody logs in
// as, so the service that writes entries may insert and read them and
// nothing else (docs/audit-logs.md).
const (
	// Schema holds the audit log, apart from every service's own schema.
	Schema = "audit"
	// OwnerRole owns Schema; it cannot log in.
	OwnerRole = "vidhost_audit"
	// Table is the entries' table, qualified.
	Table = Schema + ".audit_logs"
	// ExpireFunction deletes entries older than its argument, never younger
	// than RetentionFloor; it runs with OwnerRole's rights.
	ExpireFunction = Schema + ".expire"
	// RetentionFloor is the youngest an entry may be to be deleted, whatever
	// the caller asks: a service's stolen password cannot erase recent history.
	RetentionFloor = 30 * 24 * time.Hour
)

// Provision creates (or brings up to date) the audit schema, its table and
// expiry function, owned by OwnerRole, and grants writerRole USAGE, INSERT
// and SELECT, and the expiry function: no UPDATE, DELETE or TRUNCATE. It
// must run as a superuser (or a role that may create roles and schemas),
// like the devstack's provisioning or an operator's job; it is safe to run
// again and from several processes at once.
func Provision(ctx context.Context, db interface {
	Begin(context.Context) (pgx.Tx, error)
}, writerRole string) error {
	return pgx.BeginFunc(ctx, db, func(tx pgx.Tx) error {
		for _, statement := range provisionStatements(writerRole) {
			if _, err := tx.Exec(ctx, statement); err != nil {
				return fmt.Errorf("audit: provision: %w", err)
			}
		}
		return nil
	})
}

func provisionStatements(writerRole string) []string {
	writer, owner, floor := pg.QuoteIdentifier(writerRole), pg.QuoteIdentifier(OwnerRole), int(RetentionFloor.Hours())
	return []string{
		// Concurrent provisioning would race on IF NOT EXISTS.
		"SELECT pg_advisory_xact_lock(hashtext('vidhost audit provision'))",
		"DO $role$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '" + OwnerRole + "') THEN " +
			"CREATE ROLE " + owner + " NOLOGIN; END IF; END $role$",
		"ALTER ROLE " + owner + " NOLOGIN NOCREATEDB NOCREATEROLE",
		// Only a superuser may change these (a single server provisions as
		// a non-superuser, whose roles never have them).
		"DO $attr$ BEGIN IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN " +
			"ALTER ROLE " + owner + " NOSUPERUSER NOREPLICATION NOBYPASSRLS; END IF; END $attr$",
		"CREATE SCHEMA IF NOT EXISTS " + Schema + " AUTHORIZATION " + owner,
		"ALTER SCHEMA " + Schema + " OWNER TO " + owner,
		`CREATE TABLE IF NOT EXISTS ` + Table + ` (
			id           uuid        PRIMARY KEY,
			account_id   text        NOT NULL,
			actor_type   text        NOT NULL,
			actor_id     text        NOT NULL,
			entity_type  text        NOT NULL,
			entity_id    text        NOT NULL,
			action_type  text        NOT NULL,
			action_data  text        NOT NULL,
			action_ip    text        NOT NULL,
			action_time  timestamptz NOT NULL,
			stored_time  timestamptz NOT NULL DEFAULT now()
		)`,
		"ALTER TABLE " + Table + " OWNER TO " + owner,
		"CREATE INDEX IF NOT EXISTS audit_logs_account_newest ON " + Table + " (account_id, action_time DESC, id DESC)",
		"CREATE INDEX IF NOT EXISTS audit_logs_action_time ON " + Table + " (action_time)",
		`CREATE OR REPLACE FUNCTION ` + ExpireFunction + `(keep interval) RETURNS bigint
			LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $fn$
			WITH gone AS (
				DELETE FROM ` + Table + ` WHERE action_time < now() - greatest(keep, interval '` + fmt.Sprint(floor) + ` hours')
				RETURNING 1)
			SELECT count(*) FROM gone
			$fn$`,
		"ALTER FUNCTION " + ExpireFunction + "(interval) OWNER TO " + owner,
		"REVOKE ALL ON FUNCTION " + ExpireFunction + "(interval) FROM PUBLIC",
		"REVOKE ALL ON " + Table + " FROM PUBLIC",
		"REVOKE ALL ON SCHEMA " + Schema + " FROM PUBLIC",
		"GRANT USAGE ON SCHEMA " + Schema + " TO " + writer,
		"GRANT SELECT, INSERT ON " + Table + " TO " + writer,
		"GRANT EXECUTE ON FUNCTION " + ExpireFunction + "(interval) TO " + writer,
	}
}

// ProvisionSQL is Provision as one SQL script, for an installation whose
// superuser runs it rather than a Vidhost process (deploy/k8s: CloudNativePG's
// postInitApplicationSQLRefs). writerRole is identity's database role.
func ProvisionSQL(writerRole string) string {
	statements := provisionStatements(writerRole)
	return strings.Join(statements, ";\n\n") + ";\n"
}
