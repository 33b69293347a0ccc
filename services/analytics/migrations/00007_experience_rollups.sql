-- Viewer-experience roll-ups (docs/analytics.md, "Viewer experience"):
-- per account, day and each table's dimensions, the sums every experience
-- metric is computed from, and a DDSketch of the startup times of counted
-- plays (views.StartupSketch's encoding, without its fixed mapping), merged
-- in Go at ingest and at report time. The views roll-ups stay as they were:
-- metric=views over the interface's dimensions reads them, as before.
-- Rendition tables hold only what a rendition has: time watched and stalls.
-- fillfactor 70: rows are updated by every batch (HOT updates, 00003).
-- +goose Up

CREATE TABLE IF NOT EXISTS xp_daily_totals (
	account_id    text   NOT NULL,
	day           date   NOT NULL,
	views         bigint NOT NULL DEFAULT 0,
	failed_starts bigint NOT NULL DEFAULT 0,
	fatal_errors  bigint NOT NULL DEFAULT 0,
	watched_ms    bigint NOT NULL DEFAULT 0,
	stall_count   bigint NOT NULL DEFAULT 0,
	stall_ms      bigint NOT NULL DEFAULT 0,
	startups      bigint NOT NULL DEFAULT 0,
	startup_sketch bytea,
	PRIMARY KEY (account_id, day)
) WITH (fillfactor = 70);

CREATE TABLE IF NOT EXISTS xp_daily_client (
	account_id    text   NOT NULL,
	day           date   NOT NULL,
	browser       text   NOT NULL,
	os            text   NOT NULL,
	device        text   NOT NULL,
	views         bigint NOT NULL DEFAULT 0,
	failed_starts bigint NOT NULL DEFAULT 0,
	fatal_errors  bigint NOT NULL DEFAULT 0,
	watched_ms    bigint NOT NULL DEFAULT 0,
	stall_count   bigint NOT NULL DEFAULT 0,
	stall_ms      bigint NOT NULL DEFAULT 0,
	startups      bigint NOT NULL DEFAULT 0,
	startup_sketch bytea,
	PRIMARY KEY (account_id, day, browser, os, device)
) WITH (fillfactor = 70);

CREATE TABLE IF NOT EXISTS xp_daily_client_country (
	account_id    text   NOT NULL,
	day           date   NOT NULL,
	country       text   NOT NULL,
	browser       text   NOT NULL,
	os            text   NOT NULL,
	device        text   NOT NULL,
	views         bigint NOT NULL DEFAULT 0,
	failed_starts bigint NOT NULL DEFAULT 0,
	fatal_errors  bigint NOT NULL DEFAULT 0,
	watched_ms    bigint NOT NULL DEFAULT 0,
	stall_count   bigint NOT NULL DEFAULT 0,
	stall_ms      bigint NOT NULL DEFAULT 0,
	startups      bigint NOT NULL DEFAULT 0,
	startup_sketch bytea,
	PRIMARY KEY (account_id, day, country, browser, os, device)
) WITH (fillfactor = 70);

CREATE TABLE IF NOT EXISTS xp_daily_video (
	account_id    text   NOT NULL,
	day           date   NOT NULL,
	video_id      text   NOT NULL,
	views         bigint NOT NULL DEFAULT 0,
	failed_starts bigint NOT NULL DEFAULT 0,
	fatal_errors  bigint NOT NULL DEFAULT 0,
	watched_ms    bigint NOT NULL DEFAULT 0,
	stall_count   bigint NOT NULL DEFAULT 0,
	stall_ms      bigint NOT NULL DEFAULT 0,
	startups      bigint NOT NULL DEFAULT 0,
	startup_sketch bytea,
	PRIMARY KEY (account_id, day, video_id)
) WITH (fillfactor = 70);

CREATE TABLE IF NOT EXISTS xp_daily_domain_country (
	account_id    text   NOT NULL,
	day           date   NOT NULL,
	domain        text   NOT NULL,
	country       text   NOT NULL,
	views         bigint NOT NULL DEFAULT 0,
	failed_starts bigint NOT NULL DEFAULT 0,
	fatal_errors  bigint NOT NULL DEFAULT 0,
	watched_ms    bigint NOT NULL DEFAULT 0,
	stall_count   bigint NOT NULL DEFAULT 0,
	stall_ms      bigint NOT NULL DEFAULT 0,
	startups      bigint NOT NULL DEFAULT 0,
	startup_sketch bytea,
	PRIMARY KEY (account_id, day, domain, country)
) WITH (fillfactor = 70);

CREATE TABLE IF NOT EXISTS xp_daily_all (
	account_id    text   NOT NULL,
	day           date   NOT NULL,
	video_id      text   NOT NULL,
	domain        text   NOT NULL,
	country       text   NOT NULL,
	browser       text   NOT NULL,
	os            text   NOT NULL,
	device        text   NOT NULL,
	views         bigint NOT NULL DEFAULT 0,
	failed_starts bigint NOT NULL DEFAULT 0,
	fatal_errors  bigint NOT NULL DEFAULT 0,
	watched_ms    bigint NOT NULL DEFAULT 0,
	stall_count   bigint NOT NULL DEFAULT 0,
	stall_ms      bigint NOT NULL DEFAULT 0,
	startups      bigint NOT NULL DEFAULT 0,
	startup_sketch bytea,
	PRIMARY KEY (account_id, day, video_id, domain, country, browser, os, device)
) WITH (fillfactor = 70);

CREATE TABLE IF NOT EXISTS xp_daily_video_renditions (
	account_id    text   NOT NULL,
	day           date   NOT NULL,
	video_id      text   NOT NULL,
	rendition     text   NOT NULL,
	watched_ms    bigint NOT NULL DEFAULT 0,
	stall_count   bigint NOT NULL DEFAULT 0,
	stall_ms      bigint NOT NULL DEFAULT 0,
	PRIMARY KEY (account_id, day, video_id, rendition)
) WITH (fillfactor = 70);

CREATE TABLE IF NOT EXISTS xp_daily_renditions (
	account_id    text   NOT NULL,
	day           date   NOT NULL,
	video_id      text   NOT NULL,
	domain        text   NOT NULL,
	country       text   NOT NULL,
	browser       text   NOT NULL,
	os            text   NOT NULL,
	device        text   NOT NULL,
	rendition     text   NOT NULL,
	watched_ms    bigint NOT NULL DEFAULT 0,
	stall_count   bigint NOT NULL DEFAULT 0,
	stall_ms      bigint NOT NULL DEFAULT 0,
	PRIMARY KEY (account_id, day, video_id, domain, country, browser, os, device, rendition)
) WITH (fillfactor = 70);

-- A video's own figures over a year (its Analytics tab) read short ranges.
CREATE INDEX IF NOT EXISTS xp_daily_video_by_video ON xp_daily_video (account_id, video_id, day);
