-- name: InsertPlayer :one
INSERT INTO players (
	id, account_id, name, analytics, autoplay, muted, playsinline, preload,
	show_name, show_duration, controls, colour, quality, track,
	created_by, created_time, updated_by, updated_time
) VALUES (
	@id, @account_id, @name, @analytics, @autoplay, @muted, @playsinline, @preload,
	@show_name, @show_duration, @controls, @colour, @quality, @track,
	@actor_id, now(), @actor_id, now()
)
RETURNING *;

-- name: GetPlayer :one
SELECT * FROM players
WHERE account_id = @account_id AND id = @id;

-- name: LockPlayer :one
SELECT * FROM players
WHERE account_id = @account_id AND id = @id
FOR UPDATE;

-- name: UpdatePlayer :one
UPDATE players
SET name = @name, analytics = @analytics, autoplay = @autoplay, muted = @muted,
	playsinline = @playsinline, preload = @preload, show_name = @show_name,
	show_duration = @show_duration, controls = @controls, colour = @colour,
	quality = @quality, track = @track, updated_by = @actor_id, updated_time = now()
WHERE account_id = @account_id AND id = @id
RETURNING *;

-- name: DeletePlayer :one
DELETE FROM players
WHERE account_id = @account_id AND id = @id
RETURNING *;

-- name: ListPlayers :many
-- Keyset pagination; the start of the list is the zero time and "".
SELECT * FROM players
WHERE account_id = @account_id
  AND (created_time, id) > (@after_time::timestamptz, @after_id::text)
ORDER BY created_time, id
LIMIT @row_limit;
