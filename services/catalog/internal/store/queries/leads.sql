-- name: InsertLead :one
INSERT INTO leads (id, account_id, video_id, gate_id, fields, checkbox,
	created_by, created_time, updated_by, updated_time)
VALUES (@id, @account_id, @video_id, @gate_id, @fields, @checkbox, '', now(), '', now())
RETURNING *;

-- name: ListLeads :many
-- Keyset pagination; the start of the list is the zero time and "".
SELECT * FROM leads
WHERE account_id = @account_id AND video_id = @video_id
  AND (created_time, id) > (@after_time::timestamptz, @after_id::text)
ORDER BY created_time, id
LIMIT @row_limit;

-- name: DeleteLead :one
DELETE FROM leads
WHERE account_id = @account_id AND video_id = @video_id AND id = @id
RETURNING id;
