-- Players: named playback settings for the embed. Defaults mirror the
-- interface's (playsinline and preload on, everything else off or empty).
-- +goose Up
CREATE TABLE IF NOT EXISTS players (
	id            text        PRIMARY KEY,
	account_id    text        NOT NULL,
	name          text        NOT NULL,
	analytics     text        NOT NULL DEFAULT '',
	autoplay      boolean     NOT NULL DEFAULT false,
	muted         boolean     NOT NULL DEFAULT false,
	playsinline   boolean     NOT NULL DEFAULT true,
	preload       boolean     NOT NULL DEFAULT true,
	show_name     boolean     NOT NULL DEFAULT false,
	show_duration boolean     NOT NULL DEFAULT false,
	controls      text[]      NOT NULL DEFAULT '{}',
	colour        text        NOT NULL DEFAULT '',
	quality       text        NOT NULL DEFAULT '',
	track         text        NOT NULL DEFAULT '',
	created_by    text        NOT NULL,
	created_time  timestamptz NOT NULL,
	updated_by    text        NOT NULL,
	updated_time  timestamptz NOT NULL
);

CREATE INDEX IF NOT EXISTS players_account_page_idx ON players (account_id, created_time, id);
