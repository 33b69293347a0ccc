-- name: InsertService :one
INSERT INTO services (id, account_id, name, type, url, base_url, endpoint, region, bucket, prefix, credentials,
                      created_by, created_time, updated_by, updated_time)
VALUES (@id, @account_id, @name, @type, @url, @base_url, @endpoint, @region, @bucket, @prefix, @credentials,
        @actor_id, now(), @actor_id, now())
RETURNING *;

-- name: GetService :one
SELECT * FROM services
WHERE account_id = @account_id AND id = @id;

-- name: LockService :one
SELECT * FROM services
WHERE account_id = @account_id AND id = @id
FOR UPDATE;

-- name: ShareService :one
-- FOR KEY SHARE: the service can change, but not be deleted, until the
-- transaction ends.
SELECT * FROM services
WHERE account_id = @account_id AND id = @id
FOR KEY SHARE;

-- name: HasServices :one
SELECT EXISTS (SELECT 1 FROM services WHERE account_id = @account_id);

-- name: UpdateService :one
UPDATE services
SET name = @name, url = @url, base_url = @base_url, endpoint = @endpoint, region = @region, bucket = @bucket,
    prefix = @prefix, credentials = @credentials, updated_by = @actor_id, updated_time = now()
WHERE account_id = @account_id AND id = @id
RETURNING *;

-- name: DeleteService :one
DELETE FROM services
WHERE account_id = @account_id AND id = @id
RETURNING *;

-- name: ListServices :many
-- Keyset pagination; the start of the list is the zero time and "".
SELECT * FROM services
WHERE account_id = @account_id
  AND (created_time, id) > (@after_time::timestamptz, @after_id::text)
ORDER BY created_time, id
LIMIT @row_limit;
