-- The transactional outbox (a copy of pkg/outbox.Migration): the service's
-- first event, video.experience_degraded (docs/analytics.md, "Alerts"), is
-- written here in the same transaction as the alert it announces, and a
-- relay publishes it.
-- +goose Up
CREATE TABLE IF NOT EXISTS outbox (
	seq          bigserial PRIMARY KEY,
	id           text        NOT NULL UNIQUE,
	subject      text        NOT NULL,
	payload      bytea       NOT NULL,
	created_time timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE outbox ADD COLUMN IF NOT EXISTS trace_context text NOT NULL DEFAULT '';
ALTER TABLE outbox ADD COLUMN IF NOT EXISTS published_time timestamptz;
CREATE INDEX IF NOT EXISTS outbox_unpublished_idx ON outbox (seq) WHERE published_time IS NULL;
