-- +goose Up
-- An account is a tenant: every other row of this service belongs to one.
CREATE TABLE accounts (
    id           text        PRIMARY KEY CHECK (char_length(id) = 21),
    name         text        NOT NULL,
    plan         text        NOT NULL DEFAULT 'standard',
    -- Whether the plan includes live streaming (video type "event").
    live_enabled boolean     NOT NULL DEFAULT false,
    created_by   text        NOT NULL DEFAULT '',
    created_time timestamptz NOT NULL DEFAULT now(),
    updated_by   text        NOT NULL DEFAULT '',
    updated_time timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE accounts;
