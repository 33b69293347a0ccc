-- Idempotency-Key records belong to the principal that made the request (an
-- API key, a signed-in user or an upload token), not to the whole account:
-- one caller's answer is never replayed to another (issue 26; see
-- docs/idempotency.md). principal is that caller ("key:<id>", "user:<id>",
-- "token:<jti>"). backend_methods lists the gRPC methods the first request
-- called, so a repeat is replayed only while the access table still allows
-- them to the caller. response_body is now sealed (AES-256-GCM, a key
-- derived from the root secret): an answer that carries a secret, such as
-- a new API key, is never stored in clear.
--
-- Records from before this migration have no principal and hold answers in
-- clear: they are deleted (a retry of such a request within its 24 h runs
-- as a new one). Safe to re-run: every step checks or repeats itself.
-- +goose Up
ALTER TABLE idempotency_keys ADD COLUMN IF NOT EXISTS principal text;
ALTER TABLE idempotency_keys ADD COLUMN IF NOT EXISTS backend_methods text NOT NULL DEFAULT '';
DELETE FROM idempotency_keys WHERE principal IS NULL;
ALTER TABLE idempotency_keys ALTER COLUMN principal SET NOT NULL;
-- A gateway of the old version keys its upserts on (account_id, key): with
-- that constraint gone its keyed POSTs fail with 503 and run nothing, never
-- a record without a principal.
ALTER TABLE idempotency_keys DROP CONSTRAINT IF EXISTS idempotency_keys_pkey;
ALTER TABLE idempotency_keys ADD CONSTRAINT idempotency_keys_pkey PRIMARY KEY (account_id, principal, key);
