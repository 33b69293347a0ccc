-- The outbox keeps the trace context of the transaction that wrote a row, so
-- the published message continues its trace (a copy of pkg/outbox.TraceMigration).
-- +goose Up
ALTER TABLE outbox ADD COLUMN IF NOT EXISTS trace_context text NOT NULL DEFAULT '';
