-- URL sources of videos are counted as uploads (upload.ReserveURLSource):
-- a third transport whose bytes the transcode worker downloads itself.
-- +goose Up
ALTER TABLE uploads DROP CONSTRAINT IF EXISTS uploads_transport_check;
ALTER TABLE uploads ADD CONSTRAINT uploads_transport_check CHECK (transport IN ('put', 'tus', 'url'));
