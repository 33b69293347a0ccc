-- +goose Up
-- JWT keys are public keys an account registers to sign viewer JWTs for its
-- private videos. The PEM is stored canonically (PKIX "PUBLIC KEY") with the
-- one algorithm tokens signed by it may use.
CREATE TABLE jwt_keys (
    id           text        PRIMARY KEY,
    account_id   text        NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    name         text        NOT NULL,
    public_key   text        NOT NULL,
    algorithm    text        NOT NULL CHECK (algorithm IN ('RS256', 'ES256')),
    created_by   text        NOT NULL DEFAULT '',
    created_time timestamptz NOT NULL DEFAULT now(),
    updated_by   text        NOT NULL DEFAULT '',
    updated_time timestamptz NOT NULL DEFAULT now()
);

-- Keyset pagination of an account's keys.
CREATE INDEX jwt_keys_account_page ON jwt_keys (account_id, created_time, id);

-- +goose Down
DROP TABLE jwt_keys;
