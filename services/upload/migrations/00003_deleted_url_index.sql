-- The sweeper's scan of deleted uploads whose PUT URL may still be used
-- (DeletedUploadsWithLiveURLs): a handful of rows among many.
-- +goose Up
CREATE INDEX IF NOT EXISTS uploads_deleted_live_url_idx ON uploads (expires_time)
	WHERE state = 'deleted' AND transport = 'put' AND referenced_time IS NULL;
