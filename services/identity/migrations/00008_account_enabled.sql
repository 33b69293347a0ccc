-- +goose Up
-- A disabled account's keys stop authenticating (docs/operator.md); its data
-- stays, so the operator can tell what it was.
ALTER TABLE accounts ADD COLUMN enabled boolean NOT NULL DEFAULT true;
CREATE INDEX accounts_page ON accounts (created_time, id);

-- +goose Down
DROP INDEX accounts_page;
ALTER TABLE accounts DROP COLUMN enabled;
