-- When each account was last announced as over its bytes quota
-- (upload.quota_reached): the event goes out at most once an hour per
-- account, however often a client retries (docs/plans.md).
-- +goose Up
CREATE TABLE IF NOT EXISTS quota_notices (
	account_id    text PRIMARY KEY,
	noticed_time  timestamptz NOT NULL
);
