-- View events and their daily roll-ups (docs/analytics.md).
-- +goose Up

-- Raw events, one partition per UTC day (view_events_YYYYMMDD, created by
-- the consumer as days arrive, dropped by retention). The primary key
-- includes the partition key, day, which is derived from the edge's receive
-- time and so is the same on every redelivery: an event id is stored once.
CREATE TABLE IF NOT EXISTS view_events (
	day           date             NOT NULL,
	event_id      text             NOT NULL,
	account_id    text             NOT NULL,
	occurred_time timestamptz      NOT NULL,
	type          text             NOT NULL,
	video_id      text             NOT NULL,
	player_id     text             NOT NULL,
	viewer_id     text             NOT NULL,
	domain        text             NOT NULL,
	country       text             NOT NULL,
	device        text             NOT NULL,
	browser       text             NOT NULL,
	position      double precision NOT NULL,
	-- Whether this play counted as a view (the 30-minute replay rule).
	counted       boolean          NOT NULL DEFAULT false,
	PRIMARY KEY (day, event_id)
) PARTITION BY RANGE (day);

-- Where each batch is COPYed before its new events move to view_events.
-- Rows live only inside the transaction that copies them (it deletes them
-- before committing), so other transactions never see them; unlogged, as
-- nothing in it must survive a crash. A permanent table rather than a
-- temporary one: service roles may not create temporary tables.
CREATE UNLOGGED TABLE IF NOT EXISTS view_events_staging (LIKE view_events INCLUDING DEFAULTS);

-- Views per day x video x domain x country, kept current by the consumer in
-- the transaction that stores the events; reports read only this.
CREATE TABLE IF NOT EXISTS daily_views (
	account_id text   NOT NULL,
	day        date   NOT NULL,
	video_id   text   NOT NULL,
	domain     text   NOT NULL,
	country    text   NOT NULL,
	views      bigint NOT NULL,
	PRIMARY KEY (account_id, day, video_id, domain, country)
);
CREATE INDEX IF NOT EXISTS daily_views_account_video ON daily_views (account_id, video_id, day);

-- The start of each viewer's last counted view of a video, for the replay
-- rule; rows older than the window are deleted by retention.
CREATE TABLE IF NOT EXISTS viewer_views (
	account_id   text        NOT NULL,
	video_id     text        NOT NULL,
	viewer_id    text        NOT NULL,
	counted_time timestamptz NOT NULL,
	PRIMARY KEY (account_id, video_id, viewer_id)
);
