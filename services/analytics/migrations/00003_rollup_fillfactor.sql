-- Room for in-place (HOT) updates of the roll-ups (docs/analytics.md,
-- performance). Every ingest transaction adds to thousands of existing
-- roll-up rows; with full pages each new row version goes to another page
-- and every index of the table gets a new entry for it. With free space in
-- the page the new version stays there and no index changes (views is in no
-- index), and the dead versions are pruned in place. It applies to pages
-- written from now on: a table filled before keeps its full pages until it
-- is rewritten (VACUUM FULL), which is optional.
-- +goose Up

ALTER TABLE daily_totals SET (fillfactor = 70);
ALTER TABLE daily_country_views SET (fillfactor = 70);
ALTER TABLE daily_domain_views SET (fillfactor = 70);
ALTER TABLE daily_video_views SET (fillfactor = 70);
ALTER TABLE daily_domain_country_views SET (fillfactor = 70);
ALTER TABLE daily_views SET (fillfactor = 80);
ALTER TABLE viewer_views SET (fillfactor = 80);
