-- +goose Up
-- API keys are bearer credentials of an account. Only the SHA-256 of the
-- secret is kept: the value is shown once, in the create response.
CREATE TABLE api_keys (
    id           text        PRIMARY KEY CHECK (char_length(id) = 21),
    account_id   text        NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    name         text        NOT NULL,
    type         text        NOT NULL DEFAULT 'api' CHECK (type = 'api'),
    -- '{}' is read-write; '{fetch}' is read-only.
    permissions  text[]      NOT NULL DEFAULT '{}',
    -- Normalised client addresses or CIDR prefixes; '{}' accepts any.
    ips          text[]      NOT NULL DEFAULT '{}',
    -- Authentication looks keys up by this hash, hence the unique index.
    secret_hash  bytea       NOT NULL UNIQUE CHECK (length(secret_hash) = 32),
    created_by   text        NOT NULL DEFAULT '',
    created_time timestamptz NOT NULL DEFAULT now(),
    updated_by   text        NOT NULL DEFAULT '',
    updated_time timestamptz NOT NULL DEFAULT now()
);

-- Keyset pagination of an account's keys.
CREATE INDEX api_keys_account_page ON api_keys (account_id, created_time, id);

-- +goose Down
DROP TABLE api_keys;
