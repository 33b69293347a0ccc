-- ?type=event lists an account's live events (the dashboard's Live section,
-- `vidhost live ls`). Events are few among an account's videos, so a partial
-- index keeps that list from walking every video of a large account; a list
-- of vods (the rest) is served by the account's page index as before.
-- +goose Up
CREATE INDEX IF NOT EXISTS videos_account_events_page_idx ON videos (account_id, created_time, id) WHERE type = 'event';
