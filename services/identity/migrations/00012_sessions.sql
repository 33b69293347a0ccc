-- +goose Up
-- Sign-in (docs/authentication.md): sessions, multi-factor codes, failed
-- attempts and password resets.

-- A signed-in browser. Only the SHA-256 of the cookie's token is kept (the
-- token has 256 bits of randomness, as invite tokens and API keys). A
-- session ends at expires_time (absolute) or when idle_expires_time passes
-- without a request; ending it deletes the row.
CREATE TABLE IF NOT EXISTS sessions (
    id                text        PRIMARY KEY CHECK (char_length(id) = 21),
    account_id        text        NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    user_id           text        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash        bytea       NOT NULL UNIQUE CHECK (length(token_hash) = 32),
    -- Sent back by the browser in X-CSRF-Token on every state-changing
    -- request; not a secret from the session's own page, only from others.
    csrf_token        text        NOT NULL,
    method            text        NOT NULL CHECK (method IN ('password', 'sso')),
    client_ip         text        NOT NULL DEFAULT '',
    user_agent        text        NOT NULL DEFAULT '',
    created_time      timestamptz NOT NULL,
    last_seen_time    timestamptz NOT NULL,
    idle_expires_time timestamptz NOT NULL,
    expires_time      timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_user ON sessions (account_id, user_id);
CREATE INDEX IF NOT EXISTS sessions_expires ON sessions (expires_time);

-- TOTP: the confirmed secret and one waiting for its first code, both
-- encrypted (AES-256-GCM, key derived from VIDHOST_INTERNAL_SECRET); the
-- last time step used, so a code works once; recovery codes' SHA-256.
ALTER TABLE users ADD COLUMN IF NOT EXISTS totp_secret    bytea;
ALTER TABLE users ADD COLUMN IF NOT EXISTS totp_pending   bytea;
ALTER TABLE users ADD COLUMN IF NOT EXISTS totp_last_step bigint  NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN IF NOT EXISTS recovery_codes bytea[] NOT NULL DEFAULT '{}';
-- An owner can require multi-factor codes of everyone in the account.
ALTER TABLE accounts ADD COLUMN IF NOT EXISTS mfa_required boolean NOT NULL DEFAULT false;

-- Failed sign-ins, counted per subject ("email:<address>", "ip:<address>")
-- over a sliding window. Written before any account is known, so it is the
-- one table without account_id: an unknown email has none.
CREATE TABLE IF NOT EXISTS sign_in_failures (
    id          bigserial   PRIMARY KEY,
    subject     text        NOT NULL,
    failed_time timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS sign_in_failures_subject ON sign_in_failures (subject, failed_time);

-- Password resets: an emailed single-use link; only its SHA-256 is kept.
CREATE TABLE IF NOT EXISTS password_resets (
    token_hash   bytea       PRIMARY KEY CHECK (length(token_hash) = 32),
    account_id   text        NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    user_id      text        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires_time timestamptz NOT NULL,
    used_time    timestamptz
);

-- +goose Down
DROP TABLE password_resets;
DROP TABLE sign_in_failures;
ALTER TABLE accounts DROP COLUMN mfa_required;
ALTER TABLE users DROP COLUMN recovery_codes, DROP COLUMN totp_last_step, DROP COLUMN totp_pending, DROP COLUMN totp_secret;
DROP TABLE sessions;
