-- name: InsertTranscribe :one
INSERT INTO transcribes (id, account_id, video_id, language, label, kind, status,
	created_by, created_time, updated_by, updated_time)
VALUES (@id, @account_id, @video_id, @language, @label, @kind, @status, @actor_id, now(), @actor_id, now())
RETURNING *;

-- name: GetTranscribe :one
SELECT * FROM transcribes WHERE account_id = @account_id AND id = @id;

-- name: LockTranscribe :one
-- An empty account_id locks by id alone: reports come from the catalog's own
-- workers, and the domain compares the account itself.
SELECT * FROM transcribes
WHERE id = @id AND (@account_id::text = '' OR account_id = @account_id)
FOR UPDATE;

-- name: ListTranscribes :many
-- Keyset pagination; the start of the list is the zero time and "". An
-- empty video_id or status filters nothing.
SELECT * FROM transcribes
WHERE account_id = @account_id
  AND (@video_id::text = '' OR video_id = @video_id)
  AND (@status::text = '' OR status = @status)
  AND (created_time, id) > (@after_time::timestamptz, @after_id::text)
ORDER BY created_time, id
LIMIT @row_limit;

-- name: UpdateTranscribe :one
UPDATE transcribes
SET status = @status, progress = @progress, track_id = @track_id, error = @error,
	updated_by = @actor_id, updated_time = now()
WHERE account_id = @account_id AND id = @id
RETURNING *;

-- name: DeleteTranscribe :one
DELETE FROM transcribes WHERE account_id = @account_id AND id = @id
RETURNING id;
