-- Videos. Cards, gates, hotspots, chapters and tracks are kept with their
-- video as JSON arrays: they are always read with it, changed one at a
-- time under the video's row lock, and bounded in number by the domain.
-- Media files are stored as paths relative to the video's media folder;
-- URLs are rendered at read time.
-- +goose Up
CREATE TABLE IF NOT EXISTS videos (
	id                text             PRIMARY KEY,
	account_id        text             NOT NULL,
	type              text             NOT NULL,
	name              text             NOT NULL,
	description       text             NOT NULL DEFAULT '',
	input             text             NOT NULL DEFAULT '',
	source_object_key text             NOT NULL DEFAULT '',
	outputs           jsonb            NOT NULL DEFAULT '[]',
	thumbnail_path    text             NOT NULL DEFAULT '',
	sprite_path       text             NOT NULL DEFAULT '',
	sprite_index_path text             NOT NULL DEFAULT '',
	duration          double precision NOT NULL DEFAULT 0,
	width             integer          NOT NULL DEFAULT 0,
	height            integer          NOT NULL DEFAULT 0,
	privacy           text             NOT NULL,
	categories        text[]           NOT NULL DEFAULT '{}',
	enabled           boolean          NOT NULL DEFAULT true,
	transcoder        text             NOT NULL DEFAULT '',
	spherical         boolean          NOT NULL DEFAULT false,
	projection        text             NOT NULL DEFAULT '',
	tracks            jsonb            NOT NULL DEFAULT '[]',
	cards             jsonb            NOT NULL DEFAULT '[]',
	gates             jsonb            NOT NULL DEFAULT '[]',
	hotspots          jsonb            NOT NULL DEFAULT '[]',
	chapters          jsonb            NOT NULL DEFAULT '[]',
	progress          integer          NOT NULL DEFAULT 0,
	status            text             NOT NULL,
	status_reason     text             NOT NULL DEFAULT '',
	tags              text[]           NOT NULL DEFAULT '{}',
	created_by        text             NOT NULL,
	created_time      timestamptz      NOT NULL,
	updated_by        text             NOT NULL,
	updated_time      timestamptz      NOT NULL
);

-- Keyset pagination, and the same order within one status or privacy.
CREATE INDEX IF NOT EXISTS videos_account_page_idx ON videos (account_id, created_time, id);
CREATE INDEX IF NOT EXISTS videos_account_status_page_idx ON videos (account_id, status, created_time, id);
CREATE INDEX IF NOT EXISTS videos_account_privacy_page_idx ON videos (account_id, privacy, created_time, id);
-- ?tag= and ?category= are containment tests (tags @> ARRAY[...]).
CREATE INDEX IF NOT EXISTS videos_tags_idx ON videos USING gin (tags);
CREATE INDEX IF NOT EXISTS videos_categories_idx ON videos USING gin (categories);
