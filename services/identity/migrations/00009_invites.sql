-- +goose Up
-- Invites bring people into an account (docs/invites.md). Only the SHA-256
-- of the link's token is kept: the token itself is only ever in the email.
-- status is derived: accepted when accepted_time is set, expired once
-- expires_time has passed, pending otherwise. DELETE removes the row.
CREATE TABLE invites (
    id            text        PRIMARY KEY CHECK (char_length(id) = 21),
    account_id    text        NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    -- Stored lower-cased, as users' emails.
    email         text        NOT NULL CHECK (email = lower(email)),
    name          text        NOT NULL DEFAULT '',
    role          text        NOT NULL CHECK (role IN ('owner', 'admin', 'uploader', 'viewer')),
    -- Set when the invite completes a user who already exists (the owner of
    -- an account made by the operator): accepting sets that user's name and
    -- password instead of creating one.
    user_id       text        REFERENCES users (id) ON DELETE CASCADE,
    -- AcceptInvite looks invites up by this hash, hence the unique index.
    token_hash    bytea       NOT NULL UNIQUE CHECK (length(token_hash) = 32),
    expires_time  timestamptz NOT NULL,
    accepted_time timestamptz,
    created_by    text        NOT NULL DEFAULT '',
    created_time  timestamptz NOT NULL DEFAULT now(),
    updated_by    text        NOT NULL DEFAULT '',
    updated_time  timestamptz NOT NULL DEFAULT now()
);

-- One open (not accepted) invite per address and account; an expired one is
-- removed when the address is invited again.
CREATE UNIQUE INDEX invites_open_email ON invites (account_id, email) WHERE accepted_time IS NULL;
-- Keyset pagination of an account's invites.
CREATE INDEX invites_account_page ON invites (account_id, created_time, id);

-- +goose Down
DROP TABLE invites;
