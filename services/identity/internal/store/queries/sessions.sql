-- name: InsertSession :exec
INSERT INTO sessions (id, account_id, user_id, token_hash, csrf_token, method, client_ip, user_agent,
                      created_time, last_seen_time, idle_expires_time, expires_time)
VALUES (@id, @account_id, @user_id, @token_hash, @csrf_token, @method, @client_ip, @user_agent,
        @created_time, @created_time, @idle_expires_time, @expires_time);

-- name: ResolveSession :one
-- The one session lookup not filtered on an account: the cookie's token is
-- the credential, as an API key's secret is for Authenticate. Only a live
-- session of an enabled user of an enabled account resolves.
SELECT s.id, s.account_id, s.user_id, s.csrf_token, s.method, s.client_ip, s.user_agent,
       s.created_time, s.last_seen_time, s.idle_expires_time, s.expires_time,
       u.role, u.email, a.plan,
       (a.mfa_required AND u.totp_secret IS NULL)::boolean AS mfa_enrolment_required
FROM sessions s
JOIN users u ON u.account_id = s.account_id AND u.id = s.user_id
JOIN accounts a ON a.id = s.account_id
WHERE s.token_hash = @token_hash AND u.enabled AND a.enabled
  AND s.expires_time > @now AND s.idle_expires_time > @now;

-- name: TouchSession :exec
UPDATE sessions SET last_seen_time = @now, idle_expires_time = LEAST(@idle_expires_time::timestamptz, expires_time)
WHERE account_id = @account_id AND id = @id;

-- name: DeleteSessionByToken :one
DELETE FROM sessions WHERE token_hash = @token_hash
RETURNING id, account_id, user_id;

-- name: DeleteUserSessions :execrows
DELETE FROM sessions WHERE account_id = @account_id AND user_id = @user_id;

-- name: DeleteOtherUserSessions :execrows
DELETE FROM sessions WHERE account_id = @account_id AND user_id = @user_id AND id <> @keep_id;

-- name: DeleteExpiredUserSessions :exec
-- Run when a session starts: a user's ended sessions go then.
DELETE FROM sessions WHERE account_id = @account_id AND user_id = @user_id
  AND (expires_time <= @now OR idle_expires_time <= @now);
