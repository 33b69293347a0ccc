-- Leads: what viewers typed into a video's gates (docs/leads.md). Only the
-- gate's fields (jsonb object, name -> value) and the checkbox are kept:
-- no address, referrer or browser of the viewer. A lead belongs to its
-- video: deleting the video deletes its leads (they could no longer be
-- listed, and personal data nobody can reach must not linger). Leads are
-- never changed; updated_* equal created_* and created_by is '' (a viewer).
-- +goose Up
CREATE TABLE IF NOT EXISTS leads (
	id           text        PRIMARY KEY,
	account_id   text        NOT NULL,
	video_id     text        NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
	gate_id      text        NOT NULL,
	fields       jsonb       NOT NULL,
	checkbox     boolean     NOT NULL,
	created_by   text        NOT NULL,
	created_time timestamptz NOT NULL,
	updated_by   text        NOT NULL,
	updated_time timestamptz NOT NULL
);

-- Keyset pagination of a video's leads, and the cascade when it is deleted.
CREATE INDEX IF NOT EXISTS leads_video_page_idx ON leads (video_id, created_time, id);
