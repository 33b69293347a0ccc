-- +goose Up
-- Users sign in to the dashboard; API keys are not tied to them.
CREATE TABLE users (
    id             text        PRIMARY KEY CHECK (char_length(id) = 21),
    account_id     text        NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    -- Stored lower-cased; the interface says it cannot be changed.
    email          text        NOT NULL CHECK (email = lower(email)),
    name           text        NOT NULL DEFAULT '',
    role           text        NOT NULL CHECK (role IN ('owner', 'admin', 'uploader', 'viewer')),
    authentication text        NOT NULL DEFAULT 'password' CHECK (authentication IN ('password', 'sso')),
    -- PHC string of an argon2id hash; empty for users who sign in with SSO.
    password_hash  text        NOT NULL DEFAULT '',
    enabled        boolean     NOT NULL DEFAULT true,
    mfa_required   boolean     NOT NULL DEFAULT false,
    verified_email boolean     NOT NULL DEFAULT false,
    notifications  text[]      NOT NULL DEFAULT '{}',
    created_by     text        NOT NULL DEFAULT '',
    created_time   timestamptz NOT NULL DEFAULT now(),
    updated_by     text        NOT NULL DEFAULT '',
    updated_time   timestamptz NOT NULL DEFAULT now()
);

-- An email names one user across all accounts: sign-in starts from it.
CREATE UNIQUE INDEX users_email_key ON users (email);
CREATE INDEX users_account_page ON users (account_id, created_time, id);

-- +goose Down
DROP TABLE users;
