-- +goose Up
-- Owners sign in through a provider only while an owner set up its sign-in
-- settings (issuer, client, domains) last: an admin who repoints a provider
-- at an issuer of their own cannot sign in as an owner (issue 26,
-- docs/identity-providers.md). Providers made before this migration are
-- trusted if their last editor is an owner now, or an owner-role key.
ALTER TABLE identity_providers ADD COLUMN IF NOT EXISTS owner_trusted boolean NOT NULL DEFAULT false;
UPDATE identity_providers p
SET owner_trusted = true
WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = p.updated_by AND u.account_id = p.account_id AND u.role = 'owner')
   OR EXISTS (SELECT 1 FROM api_keys k WHERE k.id = p.updated_by AND k.account_id = p.account_id AND k.role = 'owner');

-- +goose Down
ALTER TABLE identity_providers DROP COLUMN IF EXISTS owner_trusted;
