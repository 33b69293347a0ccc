package stack

import (
	"context"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/vidhost/vidhost/pkg/audit"
	"github.com/vidhost/vidhost/pkg/pg"
	"github.com/vidhost/vidhost/pkg/secrets"
)

// databaseServices are the services that keep tables, each as its own
// PostgreSQL role owning its schema and nothing else.
var databaseServices = []string{"identity", "catalog", "upload", "hooks", "analytics", "gateway"}

// databaseURLs are the connection URLs of the private cluster: the
// superuser's (through the data directory's socket, for provisioning and
// benchmarks) and one per service (TCP, its own role and password).
type databaseURLs struct {
	admin    string
	services map[string]string
}

// forService returns service's URL; with an operator-given DATABASE_URL
// every service shares that one.
func (d databaseURLs) forService(service string) string {
	if u, ok := d.services[service]; ok {
		return u
	}
	return d.admin
}

// provisionRoles makes each service a role that logs in with a password
// derived from the root secret (reset at every start, so rotating the root
// rotates them), owns its schema and may reach no other schema's tables.
func provisionRoles(ctx context.Context, adminURL string, port int, root secrets.Root) (map[string]string, error) {
	conn, err := pgx.Connect(ctx, adminURL)
	if err != nil {
		return nil, fmt.Errorf("provision database roles: %w", err)
	}
	defer conn.Close(context.Background())
	if err := execAll(ctx, conn, databaseDefaults()); err != nil {
		return nil, err
	}
	urls := make(map[string]string, len(databaseServices))
	for _, service := range databaseServices {
		password := hex.EncodeToString(root.Derive(secrets.DatabaseRole(service)))
		if err := execAll(ctx, conn, roleStatements(service, schemaOf(service), password)); err != nil {
			return nil, fmt.Errorf("provision role %s: %w", service, err)
		}
		urls[service] = serviceURL(service, password, port)
	}
	// The audit log's schema, owned by a role nobody logs in as: identity
	// stores entries there and may never change or delete one.
	if err := audit.Provision(ctx, conn, "identity"); err != nil {
		return nil, err
	}
	return urls, nil
}

// databaseDefaults take from PUBLIC what every role would otherwise have:
// connecting, temporary tables, creating in the public schema. pg_trgm is
// installed here, by the superuser, so the catalog's migration need not.
func databaseDefaults() []string {
	return []string{
		"REVOKE ALL ON DATABASE postgres FROM PUBLIC",
		"REVOKE CREATE ON SCHEMA public FROM PUBLIC",
		"CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public",
	}
}

// roleStatements create or update service's role and hand it schema and
// everything in it (a var/ made before roles existed has them owned by
// the superuser).
func roleStatements(service, schema, password string) []string {
	role, schemaID := pg.QuoteIdentifier(service), pg.QuoteIdentifier(schema)
	return []string{
		"DO $role$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = " + literal(service) + ") THEN " +
			"CREATE ROLE " + role + "; END IF; END $role$",
		"ALTER ROLE " + role + " WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD " + literal(password),
		"GRANT CONNECT ON DATABASE postgres TO " + role,
		"CREATE SCHEMA IF NOT EXISTS " + schemaID + " AUTHORIZATION " + role,
		"ALTER SCHEMA " + schemaID + " OWNER TO " + role,
		`DO $own$ DECLARE r record; BEGIN
		   FOR r IN SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
		            WHERE n.nspname = ` + literal(schema) + ` AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
		            AND pg_get_userbyid(c.relowner) <> ` + literal(service) + `
		            -- a sequence of a column moves with its table
		            AND NOT EXISTS (SELECT FROM pg_depend d WHERE d.classid = 'pg_class'::regclass
		                            AND d.objid = c.oid AND d.deptype IN ('a', 'i')) LOOP
		     EXECUTE format('ALTER TABLE %I.%I OWNER TO %I', ` + literal(schema) + `, r.relname, ` + literal(service) + `);
		   END LOOP; END $own$`,
	}
}

// provisionAuditAsSelf makes the audit schema for the role of url.
func provisionAuditAsSelf(ctx context.Context, url string) error {
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		return fmt.Errorf("provision the audit log: %w", err)
	}
	defer conn.Close(context.Background())
	var role string
	if err := conn.QueryRow(ctx, "SELECT current_user").Scan(&role); err != nil {
		return fmt.Errorf("provision the audit log: %w", err)
	}
	return audit.Provision(ctx, conn, role)
}

func execAll(ctx context.Context, conn *pgx.Conn, statements []string) error {
	for _, statement := range statements {
		if _, err := conn.Exec(ctx, statement); err != nil {
			return err
		}
	}
	return nil
}

// schemaOf is the schema service is configured to own
// (VIDHOST_<SERVICE>_DB_SCHEMA, the service's name by default).
func schemaOf(service string) string {
	if schema := os.Getenv("VIDHOST_" + strings.ToUpper(service) + "_DB_SCHEMA"); schema != "" {
		return schema
	}
	return service
}

func serviceURL(service, password string, port int) string {
	u := url.URL{Scheme: "postgres", User: url.UserPassword(service, password),
		Host: "127.0.0.1:" + strconv.Itoa(port), Path: "/postgres", RawQuery: "sslmode=disable"}
	return u.String()
}

// literal quotes a string for SQL (standard_conforming_strings is on).
func literal(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// ProvisionDatabase prepares a private cluster as the devstack does: the
// defaults taken from PUBLIC, one role per service with a password derived
// from secret, and the audit log's schema. It returns each service's URL
// (TCP to 127.0.0.1:port). The cluster drill (deploy/drill) runs its
// separate processes on it.
func ProvisionDatabase(ctx context.Context, adminURL string, port int, secret string) (map[string]string, error) {
	root, err := secrets.ParseRoot("the root secret", secret)
	if err != nil {
		return nil, err
	}
	return provisionRoles(ctx, adminURL, port, root)
}
