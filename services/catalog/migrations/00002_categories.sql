-- Categories: labels videos are filed under. A video stores a category's
-- value, so values are unique per account.
-- +goose Up
CREATE TABLE IF NOT EXISTS categories (
	id           text        PRIMARY KEY,
	account_id   text        NOT NULL,
	name         text        NOT NULL,
	value        text        NOT NULL,
	created_by   text        NOT NULL,
	created_time timestamptz NOT NULL,
	updated_by   text        NOT NULL,
	updated_time timestamptz NOT NULL,
	CONSTRAINT categories_account_value_key UNIQUE (account_id, value)
);

-- Keyset pagination: WHERE account_id = $1 AND (created_time, id) > (...)
CREATE INDEX IF NOT EXISTS categories_account_page_idx ON categories (account_id, created_time, id);
