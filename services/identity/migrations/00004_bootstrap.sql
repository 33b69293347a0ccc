-- +goose Up
-- bootstrap records the owner created at first start. Its primary key admits
-- a single row, so two replicas starting at once cannot both bootstrap: the
-- second INSERT waits for the first transaction and then finds the row.
-- The foreign keys are deferred because the row is claimed before the
-- account and user it names are inserted.
CREATE TABLE bootstrap (
    singleton    boolean     PRIMARY KEY DEFAULT true CHECK (singleton),
    account_id   text        NOT NULL REFERENCES accounts (id) DEFERRABLE INITIALLY DEFERRED,
    user_id      text        NOT NULL REFERENCES users (id) DEFERRABLE INITIALLY DEFERRED,
    created_time timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE bootstrap;
