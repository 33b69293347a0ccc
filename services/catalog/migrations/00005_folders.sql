-- Folders nest through parent_id (NULL at the top); a folder with
-- sub-folders cannot be deleted (RESTRICT). folder_videos files videos in
-- folders: a video may be in several, and deleting either side removes the
-- filing, never the video.
-- +goose Up
CREATE TABLE IF NOT EXISTS folders (
	id           text        PRIMARY KEY,
	account_id   text        NOT NULL,
	name         text        NOT NULL,
	parent_id    text        REFERENCES folders (id) ON DELETE RESTRICT,
	created_by   text        NOT NULL,
	created_time timestamptz NOT NULL,
	updated_by   text        NOT NULL,
	updated_time timestamptz NOT NULL,
	CONSTRAINT folders_not_own_parent CHECK (parent_id <> id)
);

CREATE INDEX IF NOT EXISTS folders_account_page_idx ON folders (account_id, created_time, id);
CREATE INDEX IF NOT EXISTS folders_parent_idx ON folders (parent_id);

CREATE TABLE IF NOT EXISTS folder_videos (
	account_id text        NOT NULL,
	folder_id  text        NOT NULL REFERENCES folders (id) ON DELETE CASCADE,
	video_id   text        NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
	added_by   text        NOT NULL,
	added_time timestamptz NOT NULL,
	PRIMARY KEY (folder_id, video_id)
);

-- Deleting a video removes its filings through this index.
CREATE INDEX IF NOT EXISTS folder_videos_video_idx ON folder_videos (video_id);
