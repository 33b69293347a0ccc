-- The source's frame as displayed (rotation and pixel aspect applied) and
-- its aspect ratio in lowest terms ("9:16"), reported by the transcoder
-- (docs/videos.md). 0 and '' until a transcode reports them: videos
-- transcoded before this version show none. Safe to re-run.
-- +goose Up
ALTER TABLE videos
	ADD COLUMN IF NOT EXISTS source_width integer NOT NULL DEFAULT 0,
	ADD COLUMN IF NOT EXISTS source_height integer NOT NULL DEFAULT 0,
	ADD COLUMN IF NOT EXISTS aspect_ratio text NOT NULL DEFAULT '';
