-- The transactional outbox (a copy of pkg/outbox.Migration): events are
-- written here in the same transaction as the change they announce.
-- +goose Up
CREATE TABLE IF NOT EXISTS outbox (
	seq          bigserial PRIMARY KEY,
	id           text        NOT NULL UNIQUE,
	subject      text        NOT NULL,
	payload      bytea       NOT NULL,
	created_time timestamptz NOT NULL DEFAULT now()
);
