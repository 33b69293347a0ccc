-- Restreams: a live event's outputs, other platforms' RTMP or RTMPS ingest
-- the live service sends the stream to (docs/live.md, "Restreaming"). The
-- stream key is write-only: key_sealed is a secrets.Box seal (purpose
-- restream-key, context account/video/restream), empty when the server
-- takes no key; the interface shows only whether one is set. status is the
-- live service's last report (pkg/simulcast's states), kept with its time
-- and reason so a GET shows why an output fails; an event that is not live
-- shows idle whatever it says. Deleted with the event. Safe to re-run.
-- +goose Up
CREATE TABLE IF NOT EXISTS restreams (
	id            text        PRIMARY KEY,
	video_id      text        NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
	account_id    text        NOT NULL,
	name          text        NOT NULL,
	url           text        NOT NULL,
	key_sealed    bytea       NOT NULL DEFAULT '',
	enabled       boolean     NOT NULL DEFAULT true,
	status        text        NOT NULL DEFAULT 'idle',
	status_reason text        NOT NULL DEFAULT '',
	status_time   timestamptz,
	created_by    text        NOT NULL,
	created_time  timestamptz NOT NULL,
	updated_by    text        NOT NULL,
	updated_time  timestamptz NOT NULL
);

CREATE INDEX IF NOT EXISTS restreams_video_idx ON restreams (account_id, video_id, created_time, id);
