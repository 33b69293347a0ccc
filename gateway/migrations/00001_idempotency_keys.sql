-- Idempotency-Key records (docs/idempotency.md): the first answer to a POST
-- sent with a key, replayed for 24 h to the same account sending the same
-- key and body. status is NULL while the first request is still running;
-- locked_until then says when a crashed gateway's claim may be taken over.
-- request_hash is SHA-256 of the method, path and body, so the same key
-- with another request is told apart without keeping the body.
-- +goose Up
CREATE TABLE IF NOT EXISTS idempotency_keys (
	account_id    text        NOT NULL,
	key           text        NOT NULL,
	request_hash  bytea       NOT NULL,
	status        integer,
	content_type  text        NOT NULL DEFAULT '',
	response_body bytea,
	locked_until  timestamptz,
	created_time  timestamptz NOT NULL,
	expires_time  timestamptz NOT NULL,
	PRIMARY KEY (account_id, key)
);

-- The sweeper deletes expired records oldest first.
CREATE INDEX IF NOT EXISTS idempotency_keys_expires ON idempotency_keys (expires_time);
