-- name: ListRestreams :many
-- Keyset pagination; the start of the list is the zero time and "".
SELECT * FROM restreams
WHERE account_id = @account_id AND video_id = @video_id
  AND (created_time, id) > (@after_time::timestamptz, @after_id::text)
ORDER BY created_time, id
LIMIT @row_limit;

-- name: GetRestream :one
SELECT * FROM restreams
WHERE account_id = @account_id AND video_id = @video_id AND id = @id;

-- name: LockRestream :one
SELECT * FROM restreams
WHERE account_id = @account_id AND video_id = @video_id AND id = @id
FOR UPDATE;

-- name: CountRestreams :one
-- The event's outputs, against its plan's limit; the caller holds the
-- event's row lock, so two creates cannot both see one free place.
SELECT count(*) FROM restreams
WHERE account_id = @account_id AND video_id = @video_id;

-- name: EnabledRestreams :many
-- What the live service sends an event's stream to, oldest first: the plan
-- limit keeps the first ones if the plan shrank.
SELECT * FROM restreams
WHERE account_id = @account_id AND video_id = @video_id AND enabled
ORDER BY created_time, id
LIMIT @row_limit;

-- name: InsertRestream :one
INSERT INTO restreams (
	id, video_id, account_id, name, url, key_sealed, enabled,
	created_by, created_time, updated_by, updated_time
) VALUES (
	@id, @video_id, @account_id, @name, @url, @key_sealed, @enabled,
	@actor_id, now(), @actor_id, now()
)
RETURNING *;

-- name: UpdateRestream :one
-- A disabled output shows idle at once (the live service stops it at its
-- next key check, within seconds).
UPDATE restreams
SET name = @name, url = @url, key_sealed = @key_sealed, enabled = @enabled,
	status = CASE WHEN @enabled::boolean THEN status ELSE 'idle' END,
	status_reason = CASE WHEN @enabled::boolean THEN status_reason ELSE '' END,
	updated_by = @actor_id, updated_time = now()
WHERE account_id = @account_id AND video_id = @video_id AND id = @id
RETURNING *;

-- name: DeleteRestream :one
DELETE FROM restreams
WHERE account_id = @account_id AND video_id = @video_id AND id = @id
RETURNING *;

-- name: SetRestreamStatus :execrows
-- The live service's report. A report about a disabled output (sent
-- before the live service learnt of it) is dropped unless it says idle.
UPDATE restreams
SET status = @status, status_reason = @status_reason, status_time = now()
WHERE account_id = @account_id AND video_id = @video_id AND id = @id
  AND (enabled OR @status = 'idle');
