-- name: InsertPlannedAccount :exec
INSERT INTO accounts (id, name, plan, created_by, created_time, updated_by, updated_time)
VALUES (@id, @name, @plan, @created_by, @created_time, @created_by, @created_time);

-- name: InsertInvitedOwner :exec
-- The owner of an account made by the operator: no password until the
-- invite flow sets one.
INSERT INTO users (id, account_id, email, name, role, authentication, password_hash,
                   verified_email, created_by, created_time, updated_by, updated_time)
VALUES (@id, @account_id, @email, '', 'owner', 'password', '',
        false, @created_by, @created_time, @created_by, @created_time);

-- name: LockAccount :one
SELECT id, name, plan, enabled, created_time, updated_time
FROM accounts
WHERE id = @id
FOR UPDATE;

-- name: ListAccounts :many
-- Keyset pagination, as ListKeys. Operators see every account: this is the
-- one query not filtered on an account.
SELECT id, name, plan, enabled, created_time, updated_time
FROM accounts
WHERE (created_time, id) > (@after_time::timestamptz, @after_id::text)
ORDER BY created_time, id
LIMIT @max_rows;

-- name: UpdateAccount :exec
UPDATE accounts
SET plan = @plan, enabled = @enabled, updated_by = @updated_by, updated_time = @updated_time
WHERE id = @id;

-- name: ListAccountKeys :many
-- Every key of a disabled account, to announce so gateways drop them.
SELECT id, account_id, name, permissions, ips, role, coalesce(user_id, '')::text AS user_id, created_by, created_time, updated_by, updated_time
FROM api_keys
WHERE account_id = @account_id
ORDER BY created_time, id;

-- name: AccountSummary :one
-- The caller's account for GET /v2/account, with the seats CountSeats
-- counts: its users and the pending invites that would add one.
SELECT a.id, a.name, a.plan, a.mfa_required, a.created_time,
       (SELECT count(*) FROM users u WHERE u.account_id = a.id)::int AS users,
       (SELECT count(*) FROM invites i
        WHERE i.account_id = a.id AND i.accepted_time IS NULL AND i.user_id IS NULL
          AND i.expires_time > @now::timestamptz)::int AS pending_invites
FROM accounts a
WHERE a.id = @account_id;
