-- Deliveries: one per hook and matching event (docs/hooks.md#deliveries).
-- The id is the webhook-id receivers dedupe on: the same on every attempt.
-- A redelivered event finds its row (hook_id, event_id) and adds nothing.
-- +goose Up
CREATE TABLE IF NOT EXISTS deliveries (
	id                text        PRIMARY KEY,
	account_id        text        NOT NULL,
	hook_id           text        NOT NULL,
	service_id        text        NOT NULL,
	video_id          text        NOT NULL,
	event_id          text        NOT NULL,
	-- The body delivered: the same bytes on every attempt.
	payload           bytea       NOT NULL,
	-- pending, succeeded, failed or skipped.
	status            text        NOT NULL,
	attempts          integer     NOT NULL DEFAULT 0,
	last_http_status  integer     NOT NULL DEFAULT 0,
	last_latency_ms   integer     NOT NULL DEFAULT 0,
	last_error        text        NOT NULL DEFAULT '',
	-- When a pending delivery is due (again); a claimed one is leased
	-- until then, so a worker that dies mid-attempt is retried.
	next_attempt_time timestamptz,
	created_time      timestamptz NOT NULL,
	updated_time      timestamptz NOT NULL,
	CONSTRAINT deliveries_hook_event_key UNIQUE (hook_id, event_id)
);

CREATE INDEX IF NOT EXISTS deliveries_due_idx ON deliveries (next_attempt_time) WHERE status = 'pending';
CREATE INDEX IF NOT EXISTS deliveries_account_hook_page_idx ON deliveries (account_id, hook_id, created_time, id);
