-- When AuthorizePublish last let a publisher in on this key (its first
-- grant, then every 5 s recheck while it publishes). An event becomes live
-- only when live.started arrives, about 3 s after its publisher connects:
-- counting only live events against the plan's live events at once let two
-- publishers connecting within those seconds both in. AuthorizePublish
-- counts an event still preparing whose admitted_time is recent (under a
-- per-account advisory lock), so the second is refused. NULL: never
-- admitted.
-- +goose Up
ALTER TABLE stream_keys ADD COLUMN IF NOT EXISTS admitted_time timestamptz;
