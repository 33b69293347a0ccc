-- Generated from pkg/audit (go test ./deploy/k8s -run TestAuditSQLIsCurrent -update): do not edit.
-- CloudNativePG runs it once, as the superuser, in the app database after initdb.

SELECT pg_advisory_xact_lock(hashtext('vidhost audit provision'));

DO $role$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'vidhost_audit') THEN CREATE ROLE "vidhost_audit" NOLOGIN; END IF; END $role$;

ALTER ROLE "vidhost_audit" NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS;

CREATE SCHEMA IF NOT EXISTS audit AUTHORIZATION "vidhost_audit";

ALTER SCHEMA audit OWNER TO "vidhost_audit";

CREATE TABLE IF NOT EXISTS audit.audit_logs (
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
		);

ALTER TABLE audit.audit_logs OWNER TO "vidhost_audit";

CREATE INDEX IF NOT EXISTS audit_logs_account_newest ON audit.audit_logs (account_id, action_time DESC, id DESC);

CREATE INDEX IF NOT EXISTS audit_logs_action_time ON audit.audit_logs (action_time);

CREATE OR REPLACE FUNCTION audit.expire(keep interval) RETURNS bigint
			LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $fn$
			WITH gone AS (
				DELETE FROM audit.audit_logs WHERE action_time < now() - greatest(keep, interval '720 hours')
				RETURNING 1)
			SELECT count(*) FROM gone
			$fn$;

ALTER FUNCTION audit.expire(interval) OWNER TO "vidhost_audit";

REVOKE ALL ON FUNCTION audit.expire(interval) FROM PUBLIC;

REVOKE ALL ON audit.audit_logs FROM PUBLIC;

REVOKE ALL ON SCHEMA audit FROM PUBLIC;

GRANT USAGE ON SCHEMA audit TO "app";

GRANT SELECT, INSERT ON audit.audit_logs TO "app";

GRANT EXECUTE ON FUNCTION audit.expire(interval) TO "app";
