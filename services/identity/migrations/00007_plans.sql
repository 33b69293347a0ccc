-- +goose Up
-- An account's plan names a row of pkg/plans (docs/plans.md), which says what
-- it includes; live streaming is derived from it, so the separate flag goes.
-- "standard" was the only plan before: accounts with live on become pro, the
-- others free, and the bootstrap account enterprise so every feature can be
-- tried locally.
UPDATE accounts SET plan = CASE WHEN live_enabled THEN 'pro' ELSE 'free' END WHERE plan = 'standard';
UPDATE accounts SET plan = 'enterprise' WHERE id IN (SELECT account_id FROM bootstrap);
ALTER TABLE accounts ALTER COLUMN plan SET DEFAULT 'free';
ALTER TABLE accounts ADD CONSTRAINT accounts_plan_known CHECK (plan IN ('free', 'pro', 'enterprise'));
ALTER TABLE accounts DROP COLUMN live_enabled;

-- +goose Down
ALTER TABLE accounts ADD COLUMN live_enabled boolean NOT NULL DEFAULT false;
UPDATE accounts SET live_enabled = plan IN ('pro', 'enterprise');
ALTER TABLE accounts DROP CONSTRAINT accounts_plan_known;
ALTER TABLE accounts ALTER COLUMN plan SET DEFAULT 'standard';
UPDATE accounts SET plan = 'standard';
