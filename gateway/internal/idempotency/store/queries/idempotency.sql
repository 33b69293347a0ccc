-- name: ClaimKey :one
-- Takes the key for a new request: a new row, or an old one that has
-- expired or whose request was abandoned (locked_until passed without an
-- answer). No row: another request of the same principal holds the key.
INSERT INTO idempotency_keys (account_id, principal, key, request_hash, locked_until, created_time, expires_time)
VALUES (@account_id, @principal, @key, @request_hash, @locked_until, @now, @expires_time)
ON CONFLICT (account_id, principal, key) DO UPDATE
SET request_hash = EXCLUDED.request_hash, status = NULL, content_type = '', response_body = NULL, backend_methods = '',
	locked_until = EXCLUDED.locked_until, created_time = EXCLUDED.created_time, expires_time = EXCLUDED.expires_time
WHERE idempotency_keys.expires_time <= @now
	OR (idempotency_keys.status IS NULL AND idempotency_keys.locked_until <= @now)
RETURNING account_id;

-- name: GetKey :one
SELECT request_hash, status, content_type, response_body, backend_methods, expires_time
FROM idempotency_keys
WHERE account_id = @account_id AND principal = @principal AND key = @key;

-- name: SaveResponse :exec
UPDATE idempotency_keys
SET status = @status, content_type = @content_type, response_body = @response_body,
	backend_methods = @backend_methods, locked_until = NULL
WHERE account_id = @account_id AND principal = @principal AND key = @key
	AND request_hash = @request_hash AND status IS NULL;

-- name: ReleaseKey :exec
-- Forgets a claim whose request failed in a way worth retrying.
DELETE FROM idempotency_keys
WHERE account_id = @account_id AND principal = @principal AND key = @key
	AND request_hash = @request_hash AND status IS NULL;

-- name: ForgetAnswer :exec
-- Forgets an answer that can no longer be opened (sealed under another
-- root secret), so a retry runs the request anew.
DELETE FROM idempotency_keys
WHERE account_id = @account_id AND principal = @principal AND key = @key
	AND request_hash = @request_hash AND status IS NOT NULL;

-- name: SweepExpired :execrows
-- At most @batch expired records at a time, so a sweep never holds locks long.
DELETE FROM idempotency_keys AS doomed
USING (
	SELECT k.account_id, k.principal, k.key FROM idempotency_keys AS k
	WHERE k.expires_time <= @now
	ORDER BY k.expires_time LIMIT @batch
) AS expired
WHERE doomed.account_id = expired.account_id AND doomed.principal = expired.principal AND doomed.key = expired.key;
