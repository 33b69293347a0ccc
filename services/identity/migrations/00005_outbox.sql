-- +goose Up
-- The transactional outbox (a copy of pkg/outbox.Migration): key events are
-- written here in the transaction of the change and relayed to JetStream.
CREATE TABLE IF NOT EXISTS outbox (
	seq          bigserial PRIMARY KEY,
	id           text        NOT NULL UNIQUE,
	subject      text        NOT NULL,
	payload      bytea       NOT NULL,
	created_time timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE outbox;
