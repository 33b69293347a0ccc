-- Uploads: temporary files a client sends bytes to, then references as
-- svc://uploads/<id>. docs/uploads.md describes the states:
--   pending   bytes may still arrive (until expires_time)
--   complete  the object is stored with exactly size bytes
--   abandoned expires_time passed without the bytes
--   deleted   DELETE /uploads/{id}; kept (hidden) until the sweeper removes
--             it, so a PUT that lands late is still cleaned up
-- Every row is removed by the sweeper once older than the retention period.
-- +goose Up
CREATE TABLE IF NOT EXISTS uploads (
	id              text        PRIMARY KEY,
	account_id      text        NOT NULL,
	name            text        NOT NULL,
	size            bigint      NOT NULL CHECK (size > 0),
	key             text        NOT NULL,
	-- put: a presigned PUT url; tus: the resumable endpoint.
	transport       text        NOT NULL CHECK (transport IN ('put', 'tus')),
	-- The tus upload id once tusd created it (file or S3 store), else ''.
	tus_id          text        NOT NULL DEFAULT '',
	state           text        NOT NULL DEFAULT 'pending'
	                            CHECK (state IN ('pending', 'complete', 'abandoned', 'deleted')),
	-- Until when bytes may arrive: the PUT url's expiry, or the tus window.
	expires_time    timestamptz NOT NULL,
	completed_time  timestamptz,
	-- Set when a reference was first resolved: from then on the object
	-- belongs to the consumer and the service never deletes it.
	referenced_time timestamptz,
	created_by      text        NOT NULL,
	created_time    timestamptz NOT NULL,
	updated_by      text        NOT NULL,
	updated_time    timestamptz NOT NULL
);

-- Keyset pagination: WHERE account_id = $1 AND (created_time, id) > (...)
CREATE INDEX IF NOT EXISTS uploads_account_page_idx ON uploads (account_id, created_time, id);
-- The sweeper: rows past retention, and pending rows past their window.
CREATE INDEX IF NOT EXISTS uploads_created_idx ON uploads (created_time);
CREATE INDEX IF NOT EXISTS uploads_pending_idx ON uploads (expires_time) WHERE state = 'pending';

-- Per-account upload settings. A NULL column means "the service default"
-- (configuration), so changing a default reaches every account that did
-- not choose its own value.
CREATE TABLE IF NOT EXISTS account_settings (
	account_id      text        PRIMARY KEY,
	uploads_enabled boolean,
	max_file_bytes  bigint      CHECK (max_file_bytes > 0),
	quota_bytes     bigint      CHECK (quota_bytes > 0),
	max_concurrent  integer     CHECK (max_concurrent > 0),
	created_by      text        NOT NULL,
	created_time    timestamptz NOT NULL,
	updated_by      text        NOT NULL,
	updated_time    timestamptz NOT NULL
);
