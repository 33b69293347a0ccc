-- What live admission needs to know of each account beyond its stream keys:
-- its plan and whether the operator has disabled it, as identity last
-- announced them (account.updated, docs/live.md). Stream keys record the
-- plan of the call that issued them (00013); a row here, when there is one,
-- is newer knowledge and wins, so a plan change or a disable reaches
-- publishers at their next key check instead of the key's next rotation.
-- updated_time is identity's: an event older than the row changes nothing.
-- +goose Up
CREATE TABLE IF NOT EXISTS account_terms (
	account_id   text PRIMARY KEY,
	plan         text NOT NULL,
	enabled      boolean NOT NULL,
	updated_time timestamptz NOT NULL
);
