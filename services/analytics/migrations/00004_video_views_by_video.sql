-- The dashboard's video list asks for the views of the 20 videos on a page
-- over the last 365 days (docs/analytics.md, "A video's view count"):
-- video_id==a,video_id==b,… on daily_video_views. Its primary key leads with
-- the day, so without this index PostgreSQL reads every row of the account
-- in the range (365,000 for 1,000 videos viewed daily: 340-500 ms); with it,
-- a bitmap of 20 short index ranges (4-11 ms). views is in no index, so the
-- roll-up's increments stay HOT updates; only a new (day, video) row adds an
-- entry here.
-- +goose Up

CREATE INDEX IF NOT EXISTS daily_video_views_video_idx ON daily_video_views (account_id, video_id, day);
