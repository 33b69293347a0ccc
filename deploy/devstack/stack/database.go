package stack

import (
	"context"
	"encoding/hex"
	"fmt"
	"net"
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
//
// The role of adminURL need not be a superuser (on a server it is the
// operator's, with CREATEROLE and owning the database): it is made a member
// of every role it creates, so it may hand them their schemas and one
// pg_dump as that role reads every schema (vidhost admin backup).
func provisionRoles(ctx context.Context, adminURL string, root secrets.Root) (map[string]string, error) {
	conn, err := pgx.Connect(ctx, adminURL)
	if err != nil {
		return nil, fmt.Errorf("provision database roles: %w", err)
	}
	defer conn.Close(context.Background())
	database := conn.Config().Database
	if err := execAll(ctx, conn, databaseDefaults(database)); err != nil {
		return nil, fmt.Errorf("prepare database %s: %w", database, err)
	}
	urls := make(map[string]string, len(databaseServices))
	for _, service := range databaseServices {
		password := hex.EncodeToString(root.Derive(secrets.DatabaseRole(service)))
		if err := execAll(ctx, conn, roleStatements(service, schemaOf(service), database, password)); err != nil {
			return nil, fmt.Errorf("provision role %s: %w", service, err)
		}
		urls[service] = serviceURL(conn.Config(), service, password)
	}
	// The audit log's schema, owned by a role nobody logs in as: identity
	// stores entries there and may never change or delete one.
	if err := execAll(ctx, conn, memberStatements(audit.OwnerRole, "NOLOGIN")); err != nil {
		return nil, fmt.Errorf("provision role %s: %w", audit.OwnerRole, err)
	}
	if err := audit.Provision(ctx, conn, "identity"); err != nil {
		return nil, err
	}
	return urls, nil
}

// memberStatements create role when missing and make the current role a
// member of it.
func memberStatements(role, attributes string) []string {
	return []string{
		"DO $role$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = " + literal(role) + ") THEN " +
			"CREATE ROLE " + pg.QuoteIdentifier(role) + " " + attributes + "; END IF; END $role$",
		// A superuser needs no membership, and granting to oneself is refused.
		"DO $grant$ BEGIN IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN " +
			"EXECUTE format('GRANT %I TO %I', " + literal(role) + ", current_user); END IF; END $grant$",
	}
}

// databaseDefaults take from PUBLIC what every role would otherwise have:
// connecting, temporary tables, creating in the public schema. pg_trgm is
// installed here, by the superuser, so the catalog's migration need not.
func databaseDefaults(database string) []string {
	return []string{
		"REVOKE ALL ON DATABASE " + pg.QuoteIdentifier(database) + " FROM PUBLIC",
		"REVOKE CREATE ON SCHEMA public FROM PUBLIC",
		"CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public",
	}
}

// roleStatements create or update service's role and hand it schema and
// everything in it (a var/ made before roles existed has them owned by
// the superuser).
func roleStatements(service, schema, database, password string) []string {
	role, schemaID := pg.QuoteIdentifier(service), pg.QuoteIdentifier(schema)
	return append(memberStatements(service, "LOGIN"),
		"ALTER ROLE "+role+" WITH LOGIN NOCREATEDB NOCREATEROLE PASSWORD "+literal(password),
		// Only a superuser may change these; a role created by a
		// non-superuser never has them.
		"DO $attr$ BEGIN IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN "+
			"ALTER ROLE "+role+" WITH NOSUPERUSER NOREPLICATION NOBYPASSRLS; END IF; END $attr$",
		"GRANT CONNECT ON DATABASE "+pg.QuoteIdentifier(database)+" TO "+role,
		"CREATE SCHEMA IF NOT EXISTS "+schemaID+" AUTHORIZATION "+role,
		"ALTER SCHEMA "+schemaID+" OWNER TO "+role,
		`DO $own$ DECLARE r record; BEGIN
		   FOR r IN SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
		            WHERE n.nspname = `+literal(schema)+` AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
		            AND pg_get_userbyid(c.relowner) <> `+literal(service)+`
		            -- a sequence of a column moves with its table
		            AND NOT EXISTS (SELECT FROM pg_depend d WHERE d.classid = 'pg_class'::regclass
		                            AND d.objid = c.oid AND d.deptype IN ('a', 'i')) LOOP
		     EXECUTE format('ALTER TABLE %I.%I OWNER TO %I', `+literal(schema)+`, r.relname, `+literal(service)+`);
		   END LOOP; END $own$`,
	)
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

// serviceURL is the URL service logs in with: the admin connection's server
// and database, its own role and password, over TCP (a Unix socket's
// peer authentication would admit only the operating-system user of that name).
func serviceURL(admin *pgx.ConnConfig, service, password string) string {
	host := admin.Host
	if strings.HasPrefix(host, "/") {
		host = "127.0.0.1"
	}
	u := url.URL{Scheme: "postgres", User: url.UserPassword(service, password),
		Host: net.JoinHostPort(host, strconv.Itoa(int(admin.Port))), Path: "/" + admin.Database, RawQuery: "sslmode=" + sslMode(admin)}
	return u.String()
}

// sslMode keeps TLS to a database reached over the network when the admin
// connection used it; loopback and sockets go plain.
func sslMode(admin *pgx.ConnConfig) string {
	if admin.TLSConfig != nil && !strings.HasPrefix(admin.Host, "/") && admin.Host != "127.0.0.1" && admin.Host != "localhost" {
		return "require"
	}
	return "disable"
}

// literal quotes a string for SQL (standard_conforming_strings is on).
func literal(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// ProvisionDatabase prepares a private cluster as the devstack does: the
// defaults taken from PUBLIC, one role per service with a password derived
// from secret, and the audit log's schema. It returns each service's URL
// (TCP to the same server). The cluster drill (deploy/drill) runs its
// separate processes on it.
func ProvisionDatabase(ctx context.Context, adminURL, secret string) (map[string]string, error) {
	root, err := secrets.ParseRoot("the root secret", secret)
	if err != nil {
		return nil, err
	}
	return provisionRoles(ctx, adminURL, root)
}
