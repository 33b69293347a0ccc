-- name: GetUser :one
SELECT id, account_id, email, name, role, authentication, notifications, enabled, mfa_required, verified_email,
       created_by, created_time, updated_by, updated_time
FROM users
WHERE account_id = @account_id AND id = @id;

-- name: LockUser :one
SELECT id, account_id, email, name, role, authentication, notifications, enabled, mfa_required, verified_email,
       created_by, created_time, updated_by, updated_time
FROM users
WHERE account_id = @account_id AND id = @id
FOR UPDATE;

-- name: ListUsers :many
-- Keyset pagination: the rows after (after_time, after_id); the first page
-- passes the zero time and "".
SELECT id, account_id, email, name, role, authentication, notifications, enabled, mfa_required, verified_email,
       created_by, created_time, updated_by, updated_time
FROM users
WHERE account_id = @account_id
  AND (created_time, id) > (@after_time::timestamptz, @after_id::text)
ORDER BY created_time, id
LIMIT @max_rows;

-- name: LockEnabledOwners :many
-- The last-owner rule: locking every enabled owner of the account serialises
-- concurrent demotions, so two owners cannot demote each other at once.
SELECT id
FROM users
WHERE account_id = @account_id AND role = 'owner' AND enabled
ORDER BY id
FOR UPDATE;

-- name: UpdateUser :exec
UPDATE users
SET name = @name, role = @role, notifications = @notifications, enabled = @enabled,
    updated_by = @updated_by, updated_time = @updated_time
WHERE account_id = @account_id AND id = @id;

-- name: DeleteUser :execrows
DELETE FROM users WHERE account_id = @account_id AND id = @id;
