-- Cheaper ingest (docs/analytics.md, performance).
--
-- The replay windows move from viewer_views, keyed by three texts (about 70
-- bytes an index entry, one new entry per new viewer, in random order), to
-- viewer_windows, keyed by a 64-bit hash of account, video and viewer (16
-- bytes an entry): the index taking a random insert for nearly every view is
-- a quarter of the size. Two viewers whose keys collide (one chance in 2^64
-- a pair) share one window: a view may be lost, never counted twice.
-- viewer_key() is the hash, the same as views.ViewerKey.Hash in Go: the
-- first 8 bytes of SHA-256 of the three ids joined by zero bytes, big-endian.
--
-- The staging table goes: events are COPYed straight into view_events.
-- +goose Up

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION viewer_key(account_id text, video_id text, viewer_id text) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN ('x' || encode(substring(sha256(convert_to(account_id, 'UTF8') || '\x00'::bytea ||
	convert_to(video_id, 'UTF8') || '\x00'::bytea || convert_to(viewer_id, 'UTF8')) FROM 1 FOR 8), 'hex'))::bit(64)::bigint;
-- +goose StatementEnd

CREATE TABLE IF NOT EXISTS viewer_windows (
	-- viewer_key(account_id, video_id, viewer_id).
	viewer_key   bigint      NOT NULL PRIMARY KEY,
	account_id   text        NOT NULL,
	-- The start of the viewer's last counted view of the video.
	counted_time timestamptz NOT NULL
) WITH (fillfactor = 80);

-- The windows open when this migration runs, then the old table.
-- +goose StatementBegin
DO $$
BEGIN
	IF to_regclass('viewer_views') IS NOT NULL THEN
		INSERT INTO viewer_windows (viewer_key, account_id, counted_time)
		SELECT viewer_key(account_id, video_id, viewer_id), min(account_id), max(counted_time)
		FROM viewer_views GROUP BY 1
		ON CONFLICT (viewer_key) DO UPDATE SET counted_time = GREATEST(viewer_windows.counted_time, EXCLUDED.counted_time);
		DROP TABLE viewer_views;
	END IF;
END
$$;
-- +goose StatementEnd

DROP TABLE IF EXISTS view_events_staging;
