-- name: InsertHook :one
INSERT INTO hooks (id, account_id, name, event, filters, filters_logic, service_id, action, params, enabled,
                   created_by, created_time, updated_by, updated_time)
VALUES (@id, @account_id, @name, @event, @filters, @filters_logic, @service_id, @action, @params, @enabled,
        @actor_id, now(), @actor_id, now())
RETURNING *;

-- name: GetHook :one
SELECT * FROM hooks
WHERE account_id = @account_id AND id = @id;

-- name: LockHook :one
SELECT * FROM hooks
WHERE account_id = @account_id AND id = @id
FOR UPDATE;

-- name: UpdateHook :one
UPDATE hooks
SET name = @name, event = @event, filters = @filters, filters_logic = @filters_logic, service_id = @service_id,
    action = @action, params = @params, enabled = @enabled, updated_by = @actor_id, updated_time = now()
WHERE account_id = @account_id AND id = @id
RETURNING *;

-- name: DeleteHook :one
DELETE FROM hooks
WHERE account_id = @account_id AND id = @id
RETURNING *;

-- name: DisableHooksOf :many
UPDATE hooks
SET enabled = false, updated_by = @actor_id, updated_time = now()
WHERE account_id = @account_id AND service_id = @service_id AND enabled
RETURNING *;

-- name: ListHooks :many
-- Keyset pagination; the start of the list is the zero time and "".
SELECT * FROM hooks
WHERE account_id = @account_id
  AND (created_time, id) > (@after_time::timestamptz, @after_id::text)
ORDER BY created_time, id
LIMIT @row_limit;
