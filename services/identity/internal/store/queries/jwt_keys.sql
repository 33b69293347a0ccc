-- name: InsertJwtKey :exec
INSERT INTO jwt_keys (id, account_id, name, public_key, algorithm,
                      created_by, created_time, updated_by, updated_time)
VALUES (@id, @account_id, @name, @public_key, @algorithm,
        @created_by, @created_time, @updated_by, @updated_time);

-- name: GetJwtKey :one
SELECT id, account_id, name, public_key, algorithm, created_by, created_time, updated_by, updated_time
FROM jwt_keys
WHERE account_id = @account_id AND id = @id;

-- name: ListJwtKeys :many
-- Keyset pagination: the rows after (after_time, after_id); the first page
-- passes the zero time and "".
SELECT id, account_id, name, public_key, algorithm, created_by, created_time, updated_by, updated_time
FROM jwt_keys
WHERE account_id = @account_id
  AND (created_time, id) > (@after_time::timestamptz, @after_id::text)
ORDER BY created_time, id
LIMIT @max_rows;

-- name: DeleteJwtKey :execrows
DELETE FROM jwt_keys WHERE account_id = @account_id AND id = @id;
