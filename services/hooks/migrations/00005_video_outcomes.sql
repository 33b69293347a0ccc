-- How each video the hooks service has heard about settled: ready, error
-- or deleted (docs/hooks.md#when-it-fires). A delivery waits for its
-- video's outcome; the outcome is kept so a delivery recorded after it
-- (video.created matched late) does not wait for an event already seen.
-- +goose Up
CREATE TABLE IF NOT EXISTS video_outcomes (
	account_id   text        NOT NULL,
	video_id     text        NOT NULL,
	-- ready, error or deleted.
	status       text        NOT NULL,
	-- Why, for error and deleted.
	reason       text        NOT NULL DEFAULT '',
	-- The body a webhook delivery of the video carries once it is settled:
	-- the video as its outcome's event showed it.
	payload      bytea       NOT NULL,
	created_time timestamptz NOT NULL,
	PRIMARY KEY (account_id, video_id)
);

-- Deliveries waiting for their video's outcome, by video.
CREATE INDEX IF NOT EXISTS deliveries_waiting_idx ON deliveries (account_id, video_id) WHERE status = 'waiting';
