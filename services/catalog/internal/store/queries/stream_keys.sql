-- name: GetStreamKey :one
SELECT * FROM stream_keys
WHERE account_id = @account_id AND video_id = @video_id;

-- name: ReplaceStreamKey :one
-- Rotation: a new secret, usable again even if it was revoked. An event
-- made before stream keys existed gets its first one.
INSERT INTO stream_keys (
	video_id, account_id, key_hash, key_sealed, revoked_time, plan,
	created_by, created_time, updated_by, updated_time
) VALUES (
	@video_id, @account_id, @key_hash, @key_sealed, NULL, @plan,
	@actor_id, now(), @actor_id, now()
)
ON CONFLICT (video_id) DO UPDATE
SET key_hash = excluded.key_hash, key_sealed = excluded.key_sealed, revoked_time = NULL, plan = excluded.plan,
	updated_by = excluded.updated_by, updated_time = excluded.updated_time
WHERE stream_keys.account_id = excluded.account_id
RETURNING *;

-- name: RevokeStreamKey :one
UPDATE stream_keys
SET revoked_time = coalesce(revoked_time, now()), updated_by = @actor_id, updated_time = now()
WHERE account_id = @account_id AND video_id = @video_id
RETURNING *;

-- name: FindStreamKey :one
-- The live service's lookup of a publisher's key, by its hash alone: the
-- publisher names no account.
SELECT * FROM stream_keys
WHERE key_hash = @key_hash;

-- name: CountLiveEvents :one
-- The account's events live now other than video_id: the concurrent-events
-- limit of the account's plan counts them when a publisher is admitted.
SELECT count(*) FROM videos
WHERE account_id = @account_id AND type = 'event' AND status = 'live' AND id <> @video_id;
