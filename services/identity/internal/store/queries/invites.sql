-- name: InsertInvite :exec
INSERT INTO invites (id, account_id, email, name, role, user_id, token_hash, expires_time,
                     created_by, created_time, updated_by, updated_time)
VALUES (@id, @account_id, @email, @name, @role, sqlc.narg(user_id), @token_hash, @expires_time,
        @created_by, @created_time, @updated_by, @updated_time);

-- name: GetInvite :one
SELECT id, account_id, email, name, role, user_id, expires_time, accepted_time,
       created_by, created_time, updated_by, updated_time
FROM invites
WHERE account_id = @account_id AND id = @id;

-- name: LockInvite :one
SELECT id, account_id, email, name, role, user_id, expires_time, accepted_time,
       created_by, created_time, updated_by, updated_time
FROM invites
WHERE account_id = @account_id AND id = @id
FOR UPDATE;

-- name: LockInviteByToken :one
-- The one lookup not filtered on an account: the link's token is the
-- credential, as an API key's secret is for Authenticate.
SELECT id, account_id, email, name, role, user_id, expires_time, accepted_time,
       created_by, created_time, updated_by, updated_time
FROM invites
WHERE token_hash = @token_hash
FOR UPDATE;

-- name: ListInvites :many
-- Keyset pagination: the rows after (after_time, after_id); the first page
-- passes the zero time and "".
SELECT id, account_id, email, name, role, user_id, expires_time, accepted_time,
       created_by, created_time, updated_by, updated_time
FROM invites
WHERE account_id = @account_id
  AND (created_time, id) > (@after_time::timestamptz, @after_id::text)
ORDER BY created_time, id
LIMIT @max_rows;

-- name: RenewInviteToken :exec
UPDATE invites
SET token_hash = @token_hash, expires_time = @expires_time, updated_by = @updated_by, updated_time = @updated_time
WHERE account_id = @account_id AND id = @id;

-- name: MarkInviteAccepted :exec
UPDATE invites
SET accepted_time = @accepted_time, updated_time = @accepted_time
WHERE account_id = @account_id AND id = @id;

-- name: DeleteInvite :execrows
DELETE FROM invites WHERE account_id = @account_id AND id = @id;

-- name: DeleteExpiredInvite :exec
-- An expired, never accepted invite of the address makes way for a new one.
DELETE FROM invites
WHERE account_id = @account_id AND email = @email AND accepted_time IS NULL AND expires_time <= @now::timestamptz;

-- name: PendingInviteExists :one
SELECT EXISTS (
    SELECT 1 FROM invites
    WHERE account_id = @account_id AND email = @email AND accepted_time IS NULL AND expires_time > @now::timestamptz
);

-- name: EmailIsUser :one
-- Not filtered on an account on purpose: an email names one user across all
-- accounts (users_email_key). Only acceptance asks it, and only the person
-- accepting hears the answer; an inviter asks EmailIsUserOf.
SELECT EXISTS (SELECT 1 FROM users WHERE email = @email);

-- name: EmailIsUserOf :one
-- Whether the address is a user of this account: what an inviter may learn.
-- Another account's user is not an inviter's business (docs/invites.md).
SELECT EXISTS (SELECT 1 FROM users WHERE account_id = @account_id AND email = @email);

-- name: CountSeats :one
-- The plan's user limit counts the account's users and the pending invites
-- that would add one (an invite completing an existing user adds none).
SELECT ((SELECT count(*) FROM users u WHERE u.account_id = @account_id)
      + (SELECT count(*) FROM invites i
         WHERE i.account_id = @account_id AND i.accepted_time IS NULL AND i.user_id IS NULL
           AND i.expires_time > @now::timestamptz))::bigint AS seats;

-- name: InviterName :one
-- How an invite email names who sent it: the name of the key or of the user
-- (or their email) that actor_id is; both empty for anyone else (the operator).
SELECT COALESCE((SELECT k.name FROM api_keys k WHERE k.account_id = @account_id AND k.id = @actor_id), '')::text AS key_name,
       COALESCE((SELECT COALESCE(NULLIF(u.name, ''), u.email) FROM users u
                 WHERE u.account_id = @account_id AND u.id = @actor_id), '')::text AS user_name;

-- name: NotifiedUserEmails :many
-- The enabled users of the account who asked to be emailed about an event.
SELECT email FROM users
WHERE account_id = @account_id AND enabled AND @event::text = ANY (notifications)
ORDER BY created_time, id;

-- name: InsertInvitedUser :exec
INSERT INTO users (id, account_id, email, name, role, authentication, password_hash,
                   verified_email, created_by, created_time, updated_by, updated_time)
VALUES (@id, @account_id, @email, @name, @role, 'password', @password_hash,
        true, @created_by, @created_time, @id, @created_time);

-- name: CompleteInvitedUser :execrows
-- Accepting an invite of an existing user (an operator-made owner) sets the
-- name and password they chose and marks the email verified. A user whose
-- authentication is sso never gets a password (users.CanUsePassword): no
-- row matches, and the invite is refused as invalid.
UPDATE users
SET name = @name, password_hash = @password_hash, verified_email = true,
    updated_by = @id, updated_time = @updated_time
WHERE account_id = @account_id AND id = @id AND authentication = 'password';
