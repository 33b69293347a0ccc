-- name: GetAccountSettings :one
SELECT * FROM account_settings
WHERE account_id = @account_id;

-- name: UpsertAccountSettings :one
-- A NULL argument keeps the stored value (or the default, if none).
INSERT INTO account_settings (account_id, uploads_enabled, max_file_bytes, quota_bytes, max_concurrent,
                              created_by, created_time, updated_by, updated_time)
VALUES (@account_id, sqlc.narg(uploads_enabled), sqlc.narg(max_file_bytes), sqlc.narg(quota_bytes),
        sqlc.narg(max_concurrent), @actor_id, now(), @actor_id, now())
ON CONFLICT (account_id) DO UPDATE SET
	uploads_enabled = coalesce(sqlc.narg(uploads_enabled), account_settings.uploads_enabled),
	max_file_bytes  = coalesce(sqlc.narg(max_file_bytes), account_settings.max_file_bytes),
	quota_bytes     = coalesce(sqlc.narg(quota_bytes), account_settings.quota_bytes),
	max_concurrent  = coalesce(sqlc.narg(max_concurrent), account_settings.max_concurrent),
	updated_by      = @actor_id,
	updated_time    = now()
RETURNING *;
