-- Transcribes: requests to turn a video's speech into a WebVTT track
-- (docs/transcribes.md). The job itself runs in the transcode service; this
-- row is what the API shows and what the reports move along. A transcribe
-- belongs to its video: deleting the video deletes its transcribes (a
-- report arriving later finds none and only deletes the file it names).
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
	created_by   text        NOT NULL,
	created_time timestamptz NOT NULL,
	updated_by   text        NOT NULL,
	updated_time timestamptz NOT NULL
);

-- Keyset pagination of an account's transcribes, optionally of one video.
CREATE INDEX IF NOT EXISTS transcribes_account_page_idx ON transcribes (account_id, created_time, id);
-- The cascade when a video is deleted.
CREATE INDEX IF NOT EXISTS transcribes_video_idx ON transcribes (video_id);
