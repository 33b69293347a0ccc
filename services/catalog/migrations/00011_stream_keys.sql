-- Stream keys: one per live event (docs/live.md). The key is a secret with
-- 256 random bits. key_hash (SHA-256) is the unique lookup the live service
-- authenticates a publisher with; key_sealed is the same key encrypted with
-- a secrets.Box (purpose stream-key, context account/video), because the
-- interface shows the ingest URL, key included, on a later GET: a hash alone
-- could not be shown again. A dump of this table gives neither. Revoking
-- keeps the row (revoked_time set) so the event says why ingest is refused;
-- rotating replaces hash and seal and clears revoked_time.
-- +goose Up
CREATE TABLE IF NOT EXISTS stream_keys (
	video_id     text        PRIMARY KEY REFERENCES videos (id) ON DELETE CASCADE,
	account_id   text        NOT NULL,
	key_hash     bytea       NOT NULL,
	key_sealed   bytea       NOT NULL,
	revoked_time timestamptz, -- NULL while the key is usable
	created_by   text        NOT NULL,
	created_time timestamptz NOT NULL,
	updated_by   text        NOT NULL,
	updated_time timestamptz NOT NULL,
	CONSTRAINT stream_keys_key_hash_key UNIQUE (key_hash)
);
