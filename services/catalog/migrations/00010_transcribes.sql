-- Transcribes: requests to turn a video's speech into a WebVTT track
-- (docs/transcribes.md). The job itself runs in the transcode service; this
-- row is what the API shows and what the reports move along. A transcribe
-- belongs to its video: deleting the video deletes its transcribes (a
-- report arriving later finds none and only deletes the file it names).
-- Jobs of one account run one at a time: a queued transcribe waits here
-- (dispatched_time NULL) until the account's running one ends, then its job
-- (source_object_key: the video's MP4) goes to transcribe.jobs through the
-- outbox in the transaction that freed the slot, as transcode_queue does.
-- +goose Up
CREATE TABLE IF NOT EXISTS transcribes (
	id           text        PRIMARY KEY,
	account_id   text        NOT NULL,
	video_id     text        NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
	language     text        NOT NULL,
	label        text        NOT NULL,
	kind         text        NOT NULL,
	status       text        NOT NULL,
	progress     integer     NOT NULL DEFAULT 0,
	-- The track a ready transcribe made; '' before.
	track_id     text        NOT NULL DEFAULT '',
	-- Why an errored transcribe ended; '' otherwise.
	error        text        NOT NULL DEFAULT '',
	source_object_key text   NOT NULL,
	dispatched_time   timestamptz, -- NULL while the job waits in the catalog
	created_by   text        NOT NULL,
	created_time timestamptz NOT NULL,
	updated_by   text        NOT NULL,
	updated_time timestamptz NOT NULL
);

-- Keyset pagination of an account's transcribes, optionally of one video.
CREATE INDEX IF NOT EXISTS transcribes_account_page_idx ON transcribes (account_id, created_time, id);
-- An account's waiting and running transcribes.
CREATE INDEX IF NOT EXISTS transcribes_dispatch_idx ON transcribes (account_id, status, dispatched_time, created_time, id);
-- The cascade when a video is deleted.
CREATE INDEX IF NOT EXISTS transcribes_video_idx ON transcribes (video_id);
