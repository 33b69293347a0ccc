-- The outbox marks a row published instead of deleting it and keeps it for
-- an hour, so a backup holds the recent events and a restore publishes them
-- again (a copy of pkg/outbox.RetentionMigration; docs/backup.md).
-- +goose Up
ALTER TABLE outbox ADD COLUMN IF NOT EXISTS published_time timestamptz;
CREATE INDEX IF NOT EXISTS outbox_unpublished_idx ON outbox (seq) WHERE published_time IS NULL;

