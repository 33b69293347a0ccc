-- The client's passthrough data on a video (docs/videos.md#metadata):
-- stored and returned as sent, bounded to 4096 bytes by the domain.
-- +goose Up
ALTER TABLE videos ADD COLUMN IF NOT EXISTS metadata text NOT NULL DEFAULT '';
