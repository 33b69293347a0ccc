-- Services: an account's integration targets (docs/services.md). Only the
-- columns of a service's type are set; the others stay empty. Credentials
-- (a webhook's signing secrets, API keys, S3 keys) are one JSON document
-- sealed with AES-256-GCM (pkg/secrets.Box) bound to the account and the
-- service id, so no query, dump or log shows them.
-- +goose Up
CREATE TABLE IF NOT EXISTS services (
	id           text        PRIMARY KEY,
	account_id   text        NOT NULL,
	name         text        NOT NULL,
	type         text        NOT NULL,
	url          text        NOT NULL DEFAULT '',
	base_url     text        NOT NULL DEFAULT '',
	endpoint     text        NOT NULL DEFAULT '',
	region       text        NOT NULL DEFAULT '',
	bucket       text        NOT NULL DEFAULT '',
	prefix       text        NOT NULL DEFAULT '',
	credentials  bytea       NOT NULL,
	created_by   text        NOT NULL,
	created_time timestamptz NOT NULL,
	updated_by   text        NOT NULL,
	updated_time timestamptz NOT NULL
);

-- Keyset pagination: WHERE account_id = $1 AND (created_time, id) > (...)
CREATE INDEX IF NOT EXISTS services_account_page_idx ON services (account_id, created_time, id);
