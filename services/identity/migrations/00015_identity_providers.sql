-- +goose Up
-- Identity providers: an account's OpenID Connect issuers people sign in
-- through (docs/identity-providers.md). The client secret is kept sealed
-- with AES-GCM under a key derived from the root secret; it is never read
-- back out through the API.
CREATE TABLE identity_providers (
    id                   text        PRIMARY KEY CHECK (char_length(id) = 21),
    account_id           text        NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    name                 text        NOT NULL,
    issuer_url           text        NOT NULL,
    client_id            text        NOT NULL,
    client_secret_sealed bytea       NOT NULL,
    -- Lower-cased; each also a row of identity_provider_domains.
    allowed_domains      text[]      NOT NULL DEFAULT '{}',
    -- Never owner: an owner is made by another owner, not by signing in.
    default_role         text        NOT NULL CHECK (default_role IN ('admin', 'uploader', 'viewer')),
    enabled              boolean     NOT NULL DEFAULT true,
    created_by           text        NOT NULL DEFAULT '',
    created_time         timestamptz NOT NULL DEFAULT now(),
    updated_by           text        NOT NULL DEFAULT '',
    updated_time         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX identity_providers_account_page ON identity_providers (account_id, created_time, id);

-- Account discovery: an email's domain names at most one provider in the
-- whole installation, as an email names one user (users_email_key).
CREATE TABLE identity_provider_domains (
    domain      text PRIMARY KEY CHECK (domain = lower(domain)),
    provider_id text NOT NULL REFERENCES identity_providers (id) ON DELETE CASCADE,
    account_id  text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE
);
CREATE INDEX identity_provider_domains_provider ON identity_provider_domains (provider_id);

-- +goose Down
DROP TABLE identity_provider_domains;
DROP TABLE identity_providers;
