-- +goose Up
-- Domain verification (issue 26, docs/identity-providers.md): a domain in
-- allowed_domains routes single sign-on, and keeps other accounts from
-- claiming it, only once the account proved it controls the domain with a
-- DNS TXT record _vidhost-verify.<domain> holding its token. Until then any
-- number of providers may list the same domain, so nobody can squat one.
-- Claims made before this migration start unverified: they must be
-- verified (or an operator vouches for them) before they route again.
ALTER TABLE identity_provider_domains
    ADD COLUMN IF NOT EXISTS verification_token text NOT NULL DEFAULT replace(gen_random_uuid()::text, '-', '');
ALTER TABLE identity_provider_domains ADD COLUMN IF NOT EXISTS verified_time timestamptz;
-- A domain is now claimed once per provider, and verified once in the
-- whole installation.
ALTER TABLE identity_provider_domains DROP CONSTRAINT IF EXISTS identity_provider_domains_pkey;
CREATE UNIQUE INDEX IF NOT EXISTS identity_provider_domains_claim ON identity_provider_domains (provider_id, domain);
CREATE UNIQUE INDEX IF NOT EXISTS identity_provider_domains_verified ON identity_provider_domains (domain)
    WHERE verified_time IS NOT NULL;

-- +goose Down
DROP INDEX IF EXISTS identity_provider_domains_verified;
DROP INDEX IF EXISTS identity_provider_domains_claim;
DELETE FROM identity_provider_domains WHERE verified_time IS NULL;
ALTER TABLE identity_provider_domains ADD PRIMARY KEY (domain);
ALTER TABLE identity_provider_domains DROP COLUMN IF EXISTS verified_time;
ALTER TABLE identity_provider_domains DROP COLUMN IF EXISTS verification_token;
