-- Upload tokens (docs/tokens.md): the id (jti) of the token an upload was
-- created with, '' for an API key. The unique index makes a token
-- single-use: a second upload with it cannot be inserted. Rows outlive
-- every token (retention is days, a token lives an hour at most).
-- +goose Up
ALTER TABLE uploads ADD COLUMN IF NOT EXISTS token_id text NOT NULL DEFAULT '';
CREATE UNIQUE INDEX IF NOT EXISTS uploads_token_idx ON uploads (token_id) WHERE token_id <> '';
