-- Transcode jobs by account, waiting for or holding one of the account's
-- slots (VIDHOST_TRANSCODE_ACCOUNT_CONCURRENCY, docs/transcoding.md). A job
-- is published to transcode.jobs only when it takes a slot, so one tenant
-- can never fill the shared work queue: the rest wait here, in the catalog's
-- database, and move on oldest first, in the transaction of the report that
-- frees a slot. payload is the encoded job, as the outbox would store it.
-- A video's job stays until the worker's final report, even if the video is
-- deleted meanwhile: the worker is still busy with it.
-- +goose Up
CREATE TABLE IF NOT EXISTS transcode_queue (
	video_id        text        PRIMARY KEY,
	account_id      text        NOT NULL,
	job_id          text        NOT NULL,
	subject         text        NOT NULL,
	payload         bytea       NOT NULL,
	created_time    timestamptz NOT NULL,
	dispatched_time timestamptz -- NULL while waiting
);

-- The account's running jobs, and its waiting jobs in order.
CREATE INDEX IF NOT EXISTS transcode_queue_account_idx
	ON transcode_queue (account_id, dispatched_time, created_time, video_id);
