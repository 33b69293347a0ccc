-- name: GetSignInUser :one
-- Sign-in starts from an email, in any account: emails are unique across
-- accounts (users_email_key).
SELECT u.id, u.account_id, u.email, u.role, u.authentication, u.password_hash, u.enabled,
       u.totp_secret, u.totp_last_step, u.recovery_codes, a.enabled AS account_enabled,
       a.mfa_required AS account_mfa_required
FROM users u JOIN accounts a ON a.id = u.account_id
WHERE u.email = @email
FOR UPDATE OF u;

-- name: LockSignInSubject :exec
-- Serializes the attempts on one subject ("email:…", "ip:…") across every
-- replica until the transaction ends, so counting and adding an attempt is
-- one step: two attempts cannot both see room for one more.
SELECT pg_advisory_xact_lock(hashtextextended('sign_in:' || @subject::text, 0));

-- name: CountSignInFailures :one
SELECT count(*) FROM sign_in_failures WHERE subject = @subject AND failed_time > @since;

-- name: InsertSignInFailure :one
INSERT INTO sign_in_failures (subject, failed_time) VALUES (@subject, @failed_time)
RETURNING id;

-- name: DeleteSignInFailures :exec
-- Uncounts an attempt reserved before it was checked that did not fail.
DELETE FROM sign_in_failures WHERE id = ANY(@ids::bigint[]);

-- name: DeleteOldSignInFailures :exec
DELETE FROM sign_in_failures WHERE failed_time <= @before;

-- name: SetTOTPLastStep :exec
UPDATE users SET totp_last_step = @step WHERE account_id = @account_id AND id = @id;

-- name: SetRecoveryCodes :exec
UPDATE users SET recovery_codes = @recovery_codes WHERE account_id = @account_id AND id = @id;

-- name: GetUserMFA :one
SELECT id, account_id, email, totp_secret, totp_pending, totp_last_step, recovery_codes
FROM users WHERE account_id = @account_id AND id = @id
FOR UPDATE;

-- name: SetTOTPPending :exec
UPDATE users SET totp_pending = @totp_pending, updated_by = @actor, updated_time = @now
WHERE account_id = @account_id AND id = @id;

-- name: ConfirmTOTP :exec
-- The pending secret becomes the user's; mfa_required reflects it.
UPDATE users SET totp_secret = totp_pending, totp_pending = NULL, totp_last_step = @step,
       recovery_codes = @recovery_codes, mfa_required = true, updated_by = @actor, updated_time = @now
WHERE account_id = @account_id AND id = @id;

-- name: DisableTOTP :exec
UPDATE users SET totp_secret = NULL, totp_pending = NULL, totp_last_step = 0,
       recovery_codes = '{}', mfa_required = false, updated_by = @actor, updated_time = @now
WHERE account_id = @account_id AND id = @id;

-- name: SetPasswordHash :exec
UPDATE users SET password_hash = @password_hash, updated_by = @actor, updated_time = @now
WHERE account_id = @account_id AND id = @id;

-- name: GetPasswordHash :one
SELECT password_hash FROM users WHERE account_id = @account_id AND id = @id;

-- name: CountOpenPasswordResets :one
-- Links mailed to the user that are still open: bounds the mail one
-- address can be sent.
SELECT count(*) FROM password_resets
WHERE account_id = @account_id AND user_id = @user_id AND used_time IS NULL AND expires_time > @now;

-- name: InsertPasswordReset :exec
INSERT INTO password_resets (token_hash, account_id, user_id, expires_time)
VALUES (@token_hash, @account_id, @user_id, @expires_time);

-- name: LockPasswordReset :one
-- The one reset lookup not filtered on an account: the link's token is the
-- credential. Only an open link of an enabled password user of an enabled
-- account is found.
SELECT r.account_id, r.user_id, u.email, u.role
FROM password_resets r
JOIN users u ON u.account_id = r.account_id AND u.id = r.user_id
JOIN accounts a ON a.id = r.account_id
WHERE r.token_hash = @token_hash AND r.used_time IS NULL AND r.expires_time > @now
  AND u.enabled AND a.enabled AND u.authentication = 'password'
FOR UPDATE OF r, u;

-- name: UsePasswordResets :exec
-- A reset uses up every open link of the user, not only its own.
UPDATE password_resets SET used_time = @now::timestamptz
WHERE account_id = @account_id AND user_id = @user_id AND used_time IS NULL;

-- name: SetAccountMFARequired :exec
UPDATE accounts SET mfa_required = @mfa_required, updated_by = @actor, updated_time = @now
WHERE id = @account_id;
