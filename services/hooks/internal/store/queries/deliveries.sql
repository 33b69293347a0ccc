-- name: EnabledHooks :many
SELECT * FROM hooks
WHERE account_id = @account_id AND event = @event AND enabled
ORDER BY created_time, id;

-- name: InsertDelivery :execrows
-- A redelivered event inserts nothing: (hook_id, event_id) is taken.
INSERT INTO deliveries (id, account_id, hook_id, service_id, video_id, event_id, payload, status, last_error,
                        next_attempt_time, created_time, updated_time)
VALUES (@id, @account_id, @hook_id, @service_id, @video_id, @event_id, @payload, @status, @last_error,
        sqlc.narg(next_attempt_time), now(), now())
ON CONFLICT (hook_id, event_id) DO NOTHING;

-- ClaimDueDeliveries is written by hand in claim.go: sqlc cannot analyze its
-- window function.

-- name: RecordAttempt :exec
UPDATE deliveries
SET status = @status, attempts = @attempts, last_http_status = @last_http_status, last_latency_ms = @last_latency_ms,
    last_error = @last_error, next_attempt_time = sqlc.narg(next_attempt_time), updated_time = now()
WHERE account_id = @account_id AND id = @id;

-- name: OpenServiceRow :one
SELECT * FROM services
WHERE account_id = @account_id AND id = @id;

-- name: ListDeliveries :many
-- Newest first; the start of the list is the far future and "".
SELECT * FROM deliveries
WHERE account_id = @account_id AND hook_id = @hook_id
  AND (created_time, id) < (@before_time::timestamptz, @before_id::text)
ORDER BY created_time DESC, id DESC
LIMIT @row_limit;

-- name: LockDelivery :one
SELECT * FROM deliveries
WHERE account_id = @account_id AND hook_id = @hook_id AND id = @id
FOR UPDATE;

-- name: RequeueDelivery :one
UPDATE deliveries
SET status = 'pending', attempts = 0, last_error = '', next_attempt_time = now(), updated_time = now()
WHERE account_id = @account_id AND hook_id = @hook_id AND id = @id
RETURNING *;

-- name: LockVideo :exec
-- Serializes matching a video's video.created and recording its outcome,
-- whichever comes first: a delivery never waits for an outcome already
-- recorded.
SELECT pg_advisory_xact_lock(hashtextextended(@account_id::text || '/' || @video_id::text, 0));

-- name: GetVideoOutcome :one
SELECT * FROM video_outcomes
WHERE account_id = @account_id AND video_id = @video_id;

-- name: PutVideoOutcome :exec
-- The latest outcome stands (a video deleted once ready is deleted), but
-- deleted is final: events handled out of order never revive a video.
INSERT INTO video_outcomes (account_id, video_id, status, reason, payload, created_time)
VALUES (@account_id, @video_id, @status, @reason, @payload, now())
ON CONFLICT (account_id, video_id) DO UPDATE
SET status = excluded.status, reason = excluded.reason, payload = excluded.payload, created_time = excluded.created_time
WHERE video_outcomes.status <> 'deleted';

-- name: WaitingDeliveries :many
SELECT * FROM deliveries
WHERE account_id = @account_id AND video_id = @video_id AND status = 'waiting'
ORDER BY created_time, id
FOR UPDATE;

-- name: SettleDelivery :exec
-- A waiting delivery made due (with the body it now carries) or skipped.
UPDATE deliveries
SET status = @status, payload = @payload, last_error = @last_error,
    next_attempt_time = sqlc.narg(next_attempt_time), updated_time = now()
WHERE account_id = @account_id AND id = @id AND status = 'waiting';

-- name: ExtendLease :exec
-- A claimed delivery whose attempt may outlast the lease (an S3 copy)
-- keeps it until @lease_until.
UPDATE deliveries
SET next_attempt_time = @lease_until::timestamptz, updated_time = now()
WHERE account_id = @account_id AND id = @id AND status = 'pending';
