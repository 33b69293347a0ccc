-- name: InsertUpload :one
INSERT INTO uploads (id, account_id, name, size, key, transport, expires_time, token_id,
                     created_by, created_time, updated_by, updated_time)
VALUES (@id, @account_id, @name, @size, @key, @transport, @expires_time, @token_id,
        @actor_id, now(), @actor_id, now())
RETURNING *;

-- name: GetUpload :one
-- Deleted uploads are gone as far as clients can tell.
SELECT * FROM uploads
WHERE account_id = @account_id AND id = @id AND state <> 'deleted';

-- name: ListUploads :many
-- Keyset pagination; the start of the list is the zero time and "".
SELECT * FROM uploads
WHERE account_id = @account_id AND state <> 'deleted'
  AND (created_time, id) > (@after_time::timestamptz, @after_id::text)
ORDER BY created_time, id
LIMIT @row_limit;

-- name: LockAccount :exec
-- Serialises the quota check and insert of one account's uploads until the
-- transaction ends; other accounts are not held up.
SELECT pg_advisory_xact_lock(hashtextextended('upload-quota:' || @account_id::text, 0));

-- name: AccountUsage :one
-- What the quotas count: uploads whose bytes may still arrive, and the bytes
-- of every upload that holds or may soon hold an object.
SELECT
	count(*) FILTER (WHERE state = 'pending' AND expires_time > @now::timestamptz)::int AS in_progress,
	coalesce(sum(size) FILTER (WHERE state IN ('pending', 'complete')), 0)::bigint AS bytes
FROM uploads
WHERE account_id = @account_id;

-- name: PendingUploads :many
SELECT * FROM uploads
WHERE account_id = @account_id AND state = 'pending'
ORDER BY created_time, id
LIMIT @row_limit;

-- name: CompleteUpload :one
UPDATE uploads
SET state = 'complete', completed_time = now()
WHERE account_id = @account_id AND id = @id AND state IN ('pending', 'abandoned')
RETURNING *;

-- name: AbandonUpload :exec
UPDATE uploads
SET state = 'abandoned'
WHERE account_id = @account_id AND id = @id AND state = 'pending';

-- name: ReferenceUpload :execrows
UPDATE uploads
SET referenced_time = coalesce(referenced_time, now())
WHERE account_id = @account_id AND id = @id AND state = 'complete';

-- name: ReferenceUploadOnce :execrows
-- An upload token's one video: refused (no row) once referenced.
UPDATE uploads
SET referenced_time = now()
WHERE account_id = @account_id AND id = @id AND state = 'complete' AND referenced_time IS NULL;

-- name: SetTusID :exec
UPDATE uploads
SET tus_id = @tus_id
WHERE account_id = @account_id AND id = @id;

-- name: MarkUploadDeleted :one
UPDATE uploads
SET state = 'deleted', updated_by = @actor_id, updated_time = now()
WHERE account_id = @account_id AND id = @id AND state <> 'deleted'
RETURNING *;

-- name: RemoveUpload :exec
DELETE FROM uploads
WHERE account_id = @account_id AND id = @id;

-- name: OverdueUploads :many
-- The sweeper's scan across accounts: pending uploads whose window closed.
SELECT * FROM uploads
WHERE state = 'pending' AND expires_time < @before::timestamptz
ORDER BY expires_time, id
LIMIT @row_limit;

-- name: ExpiredUploads :many
-- The sweeper's scan across accounts: uploads older than the retention.
SELECT * FROM uploads
WHERE created_time < @before::timestamptz
ORDER BY created_time, id
LIMIT @row_limit;

-- name: DeletedUploadsWithLiveURLs :many
-- The sweeper's scan across accounts: deleted presigned-PUT uploads whose
-- URL may still be used, so bytes PUT after the delete are found at once.
SELECT * FROM uploads
WHERE state = 'deleted' AND transport = 'put' AND referenced_time IS NULL
	AND expires_time > @since::timestamptz
ORDER BY expires_time, id;
