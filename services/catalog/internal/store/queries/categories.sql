-- name: InsertCategory :one
INSERT INTO categories (id, account_id, name, value, created_by, created_time, updated_by, updated_time)
VALUES (@id, @account_id, @name, @value, @actor_id, now(), @actor_id, now())
RETURNING *;

-- name: GetCategory :one
SELECT * FROM categories
WHERE account_id = @account_id AND id = @id;

-- name: LockCategory :one
SELECT * FROM categories
WHERE account_id = @account_id AND id = @id
FOR UPDATE;

-- name: UpdateCategory :one
UPDATE categories
SET name = @name, value = @value, updated_by = @actor_id, updated_time = now()
WHERE account_id = @account_id AND id = @id
RETURNING *;

-- name: DeleteCategory :one
DELETE FROM categories
WHERE account_id = @account_id AND id = @id
RETURNING *;

-- name: ListCategories :many
-- Keyset pagination; the start of the list is the zero time and "".
SELECT * FROM categories
WHERE account_id = @account_id
  AND (created_time, id) > (@after_time::timestamptz, @after_id::text)
ORDER BY created_time, id
LIMIT @row_limit;
