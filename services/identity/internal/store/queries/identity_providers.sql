-- name: InsertIdentityProvider :exec
INSERT INTO identity_providers (id, account_id, name, issuer_url, client_id, client_secret_sealed,
                                allowed_domains, default_role, enabled, owner_trusted,
                                created_by, created_time, updated_by, updated_time)
VALUES (@id, @account_id, @name, @issuer_url, @client_id, @client_secret_sealed,
        @allowed_domains::text[], @default_role, @enabled, @owner_trusted,
        @created_by, @created_time, @updated_by, @updated_time);

-- name: GetIdentityProvider :one
SELECT id, account_id, name, issuer_url, client_id, client_secret_sealed, allowed_domains, default_role, enabled,
       created_by, created_time, updated_by, updated_time, owner_trusted
FROM identity_providers
WHERE account_id = @account_id AND id = @id;

-- name: LockIdentityProvider :one
SELECT id, account_id, name, issuer_url, client_id, client_secret_sealed, allowed_domains, default_role, enabled,
       created_by, created_time, updated_by, updated_time, owner_trusted
FROM identity_providers
WHERE account_id = @account_id AND id = @id
FOR UPDATE;

-- name: ListIdentityProviders :many
-- Keyset pagination: the rows after (after_time, after_id).
SELECT id, account_id, name, issuer_url, client_id, client_secret_sealed, allowed_domains, default_role, enabled,
       created_by, created_time, updated_by, updated_time, owner_trusted
FROM identity_providers
WHERE account_id = @account_id
  AND (created_time, id) > (@after_time::timestamptz, @after_id::text)
ORDER BY created_time, id
LIMIT @max_rows;

-- name: UpdateIdentityProvider :exec
UPDATE identity_providers
SET name = @name, issuer_url = @issuer_url, client_id = @client_id, client_secret_sealed = @client_secret_sealed,
    allowed_domains = @allowed_domains::text[], default_role = @default_role, enabled = @enabled,
    owner_trusted = @owner_trusted, updated_by = @updated_by, updated_time = @updated_time
WHERE account_id = @account_id AND id = @id;

-- name: DeleteIdentityProvider :execrows
DELETE FROM identity_providers WHERE account_id = @account_id AND id = @id;

-- name: InsertIdentityProviderDomain :exec
-- A domain the provider already claims keeps its token and verification.
INSERT INTO identity_provider_domains (domain, provider_id, account_id)
VALUES (@domain, @provider_id, @account_id)
ON CONFLICT (provider_id, domain) DO NOTHING;

-- name: ReleaseIdentityProviderDomains :exec
-- The provider's claims on domains it no longer lists.
DELETE FROM identity_provider_domains
WHERE account_id = @account_id AND provider_id = @provider_id AND NOT (domain = ANY (@keep::text[]));

-- name: ListIdentityProviderDomains :many
-- The claims of the account's providers in provider_ids, with their
-- verification state.
SELECT provider_id, domain, verification_token, verified_time
FROM identity_provider_domains
WHERE account_id = @account_id AND provider_id = ANY (@provider_ids::text[])
ORDER BY provider_id, domain;

-- name: VerifyIdentityProviderDomain :execrows
-- Marks one claim verified; the partial unique index refuses a domain
-- another provider already verified.
UPDATE identity_provider_domains
SET verified_time = @verified_time
WHERE account_id = @account_id AND provider_id = @provider_id AND domain = @domain AND verified_time IS NULL;

-- name: IdentityProviderByDomain :one
-- Account discovery, before anyone is signed in: the one lookup by an
-- email's domain, in any account. Only a verified claim counts.
SELECT p.id, p.account_id, p.name, p.issuer_url, p.client_id, p.client_secret_sealed, p.allowed_domains,
       p.default_role, p.enabled, p.created_by, p.created_time, p.updated_by, p.updated_time, p.owner_trusted
FROM identity_provider_domains d
JOIN identity_providers p ON p.id = d.provider_id
WHERE d.domain = @domain AND d.verified_time IS NOT NULL;

-- name: UserByEmail :one
-- Single sign-on finds the person by the verified email the provider gave,
-- in any account: an email names one user (users_email_key).
SELECT id, account_id, email, name, role, authentication, enabled
FROM users
WHERE email = @email;

-- name: InsertSSOUser :exec
INSERT INTO users (id, account_id, email, name, role, authentication, password_hash, verified_email,
                   created_by, created_time, updated_by, updated_time)
VALUES (@id, @account_id, @email, @name, @role, 'sso', '', true,
        @created_by, @created_time, @created_by, @created_time);
