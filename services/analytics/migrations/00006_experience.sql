-- Viewer experience (docs/analytics.md, "Viewer experience"): the raw
-- events gain the operating system and the figures plays, heartbeats and
-- errors carry. Constant defaults: PostgreSQL adds these columns without
-- rewriting the partitions.
-- +goose Up

ALTER TABLE view_events ADD COLUMN IF NOT EXISTS os text NOT NULL DEFAULT 'unknown';
-- play: milliseconds from the viewer's intent to the first frame; NULL when not measured.
ALTER TABLE view_events ADD COLUMN IF NOT EXISTS startup_ms integer;
-- heartbeat: since the page's previous heartbeat.
ALTER TABLE view_events ADD COLUMN IF NOT EXISTS watched_ms integer NOT NULL DEFAULT 0;
ALTER TABLE view_events ADD COLUMN IF NOT EXISTS stall_count integer NOT NULL DEFAULT 0;
ALTER TABLE view_events ADD COLUMN IF NOT EXISTS stall_ms integer NOT NULL DEFAULT 0;
ALTER TABLE view_events ADD COLUMN IF NOT EXISTS seek_wait_ms integer NOT NULL DEFAULT 0;
ALTER TABLE view_events ADD COLUMN IF NOT EXISTS switches integer NOT NULL DEFAULT 0;
-- heartbeat: the same per rendition height, as parallel arrays (NULL: none).
ALTER TABLE view_events ADD COLUMN IF NOT EXISTS rendition_heights integer[];
ALTER TABLE view_events ADD COLUMN IF NOT EXISTS rendition_watched_ms integer[];
ALTER TABLE view_events ADD COLUMN IF NOT EXISTS rendition_stall_counts integer[];
ALTER TABLE view_events ADD COLUMN IF NOT EXISTS rendition_stall_ms integer[];
-- error: its class, whether playback stopped, whether before the first frame.
ALTER TABLE view_events ADD COLUMN IF NOT EXISTS error_class text NOT NULL DEFAULT '';
ALTER TABLE view_events ADD COLUMN IF NOT EXISTS fatal boolean NOT NULL DEFAULT false;
ALTER TABLE view_events ADD COLUMN IF NOT EXISTS before_play boolean NOT NULL DEFAULT false;
