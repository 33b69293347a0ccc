-- The transcoding profile a video's jobs use (pkg/profiles), whether the
-- video named it or its account's plan defaulted to it; videos.transcoder
-- keeps the interface's field, the name only when it is not that default.
-- '' for videos created before profiles: a job for one (a live event's
-- recording) asks for "standard". Safe to re-run.
-- +goose Up
ALTER TABLE videos
	ADD COLUMN IF NOT EXISTS profile text NOT NULL DEFAULT '';
