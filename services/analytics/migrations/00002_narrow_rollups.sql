-- Narrower daily roll-ups beside daily_views (docs/analytics.md, storage).
-- With many videos, domains and countries, daily_views has nearly a row per
-- view, so a report summing it over 30 days reads about as many rows as
-- there are views. Each table below keeps the same counts with fewer
-- dimensions; the consumer adds to every one in the transaction that adds
-- to daily_views, and a report reads the narrowest table holding its
-- dimension and its filter's fields.
-- +goose Up

CREATE TABLE IF NOT EXISTS daily_totals (
	account_id text   NOT NULL,
	day        date   NOT NULL,
	views      bigint NOT NULL,
	PRIMARY KEY (account_id, day)
);

CREATE TABLE IF NOT EXISTS daily_domain_views (
	account_id text   NOT NULL,
	day        date   NOT NULL,
	domain     text   NOT NULL,
	views      bigint NOT NULL,
	PRIMARY KEY (account_id, day, domain)
);

CREATE TABLE IF NOT EXISTS daily_country_views (
	account_id text   NOT NULL,
	day        date   NOT NULL,
	country    text   NOT NULL,
	views      bigint NOT NULL,
	PRIMARY KEY (account_id, day, country)
);

CREATE TABLE IF NOT EXISTS daily_domain_country_views (
	account_id text   NOT NULL,
	day        date   NOT NULL,
	domain     text   NOT NULL,
	country    text   NOT NULL,
	views      bigint NOT NULL,
	PRIMARY KEY (account_id, day, domain, country)
);

CREATE TABLE IF NOT EXISTS daily_video_views (
	account_id text   NOT NULL,
	day        date   NOT NULL,
	video_id   text   NOT NULL,
	views      bigint NOT NULL,
	PRIMARY KEY (account_id, day, video_id)
);

-- Views stored before this migration.
INSERT INTO daily_totals SELECT account_id, day, sum(views) FROM daily_views GROUP BY 1, 2
	ON CONFLICT DO NOTHING;
INSERT INTO daily_domain_views SELECT account_id, day, domain, sum(views) FROM daily_views GROUP BY 1, 2, 3
	ON CONFLICT DO NOTHING;
INSERT INTO daily_country_views SELECT account_id, day, country, sum(views) FROM daily_views GROUP BY 1, 2, 3
	ON CONFLICT DO NOTHING;
INSERT INTO daily_domain_country_views SELECT account_id, day, domain, country, sum(views) FROM daily_views GROUP BY 1, 2, 3, 4
	ON CONFLICT DO NOTHING;
INSERT INTO daily_video_views SELECT account_id, day, video_id, sum(views) FROM daily_views GROUP BY 1, 2, 3
	ON CONFLICT DO NOTHING;
