-- name: InsertKey :exec
INSERT INTO api_keys (id, account_id, name, type, permissions, ips, role, user_id, secret_hash,
                      created_by, created_time, updated_by, updated_time)
VALUES (@id, @account_id, @name, 'api', @permissions, @ips, @role, sqlc.narg(user_id), @secret_hash,
        @created_by, @created_time, @updated_by, @updated_time);

-- name: GetKey :one
SELECT id, account_id, name, permissions, ips, role, coalesce(user_id, '')::text AS user_id, created_by, created_time, updated_by, updated_time
FROM api_keys
WHERE account_id = @account_id AND id = @id;

-- name: LockKey :one
SELECT id, account_id, name, permissions, ips, role, coalesce(user_id, '')::text AS user_id, created_by, created_time, updated_by, updated_time
FROM api_keys
WHERE account_id = @account_id AND id = @id
FOR UPDATE;

-- name: ListKeys :many
-- Keyset pagination: the rows after (after_time, after_id); the first page
-- passes the zero time and "".
SELECT id, account_id, name, permissions, ips, role, coalesce(user_id, '')::text AS user_id, created_by, created_time, updated_by, updated_time
FROM api_keys
WHERE account_id = @account_id
  AND (created_time, id) > (@after_time::timestamptz, @after_id::text)
ORDER BY created_time, id
LIMIT @max_rows;

-- name: UpdateKey :exec
UPDATE api_keys
SET name = @name, permissions = @permissions, ips = @ips, role = @role,
    updated_by = @updated_by, updated_time = @updated_time
WHERE account_id = @account_id AND id = @id;

-- name: DeleteKey :execrows
DELETE FROM api_keys WHERE account_id = @account_id AND id = @id;

-- name: KeyBySecretHash :one
-- Authentication: the one query made before the account is known. A
-- disabled account's keys are refused here, and so are the keys of a
-- disabled person, so disabling takes effect at once. user_role is the
-- current role of the person the key acts for ('' for operator keys).
SELECT k.id, k.account_id, k.name, k.permissions, k.ips, k.role, coalesce(k.user_id, '')::text AS user_id,
       k.created_by, k.created_time, k.updated_by, k.updated_time,
       a.plan, coalesce(u.role, '')::text AS user_role
FROM api_keys k
JOIN accounts a ON a.id = k.account_id
LEFT JOIN users u ON u.id = k.user_id AND u.account_id = k.account_id
WHERE k.secret_hash = @secret_hash
  AND a.enabled
  AND (k.user_id IS NULL OR u.enabled);
