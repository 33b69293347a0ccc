-- Experience alerts (docs/analytics.md, "Alerts"): a video's hour whose
-- startup p95 or error rate went over the service's thresholds is announced
-- once, as video.experience_degraded.
-- +goose Up

-- Per account, hour and video, the sums the alert rule reads, kept in the
-- ingest transaction like the daily experience roll-ups (00007) but fed by
-- plays and errors only: heartbeats, most of the events, never touch it.
-- The key leads with the hour: the alert pass reads one hour of every
-- account, in key order, and retention deletes old hours by range.
CREATE TABLE IF NOT EXISTS xp_hourly_video (
	hour           timestamptz NOT NULL,
	account_id     text        NOT NULL,
	video_id       text        NOT NULL,
	views          bigint      NOT NULL DEFAULT 0,
	failed_starts  bigint      NOT NULL DEFAULT 0,
	fatal_errors   bigint      NOT NULL DEFAULT 0,
	startups       bigint      NOT NULL DEFAULT 0,
	startup_sketch bytea,
	PRIMARY KEY (hour, account_id, video_id)
) WITH (fillfactor = 70);

-- The alert pass over each closed hour: how far it got (the last account
-- and video judged, in key order) and whether it is done. A replica holds
-- the row while it judges a page, so two never judge the same page.
CREATE TABLE IF NOT EXISTS experience_checks (
	hour          timestamptz PRIMARY KEY,
	after_account text        NOT NULL DEFAULT '',
	after_video   text        NOT NULL DEFAULT '',
	done          boolean     NOT NULL DEFAULT false,
	updated_time  timestamptz NOT NULL DEFAULT now()
);

-- Every alert announced, once per account, video and hour: the key is what
-- keeps a restart, an early alert of the hour and two replicas from
-- announcing it twice. event_id is derived from the three (ids.Derive).
CREATE TABLE IF NOT EXISTS experience_alerts (
	hour         timestamptz NOT NULL,
	account_id   text        NOT NULL,
	video_id     text        NOT NULL,
	event_id     text        NOT NULL,
	conditions   text[]      NOT NULL,
	partial      boolean     NOT NULL,
	created_time timestamptz NOT NULL DEFAULT now(),
	PRIMARY KEY (hour, account_id, video_id)
);
