-- name: InsertTranscribe :one
INSERT INTO transcribes (id, account_id, video_id, language, label, kind, status, source_object_key,
	created_by, created_time, updated_by, updated_time)
VALUES (@id, @account_id, @video_id, @language, @label, @kind, @status, @source_object_key,
	@actor_id, now(), @actor_id, now())
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

-- name: LockTranscribeQueue :exec
-- Serialises dispatching per account until the transaction ends: two
-- transactions must not both see the same free slot.
SELECT pg_advisory_xact_lock(hashtextextended('transcribe_queue:' || @account_id::text, 0));

-- name: CountRunningTranscribes :one
-- Jobs dispatched before lease_start are counted as lost (their report never
-- came) and hold no slot. A cancelling transcribe holds its slot until its
-- worker reports: its job may still run.
SELECT count(*) FROM transcribes
WHERE account_id = @account_id AND status IN ('queued', 'processing', 'cancelling')
  AND dispatched_time IS NOT NULL AND dispatched_time > @lease_start::timestamptz;

-- name: SettleLostCancels :exec
-- A cancelling transcribe whose job's lease ended without a report holds no
-- slot any more (CountRunningTranscribes): it is shown cancelled.
UPDATE transcribes SET status = 'cancelled', updated_by = '', updated_time = now()
WHERE account_id = @account_id AND status = 'cancelling'
  AND dispatched_time <= @lease_start::timestamptz;

-- name: RunningTranscribesOfVideo :many
-- The video's transcribes whose job was sent and has not reported its end.
SELECT * FROM transcribes
WHERE account_id = @account_id AND video_id = @video_id
  AND status IN ('queued', 'processing', 'cancelling') AND dispatched_time IS NOT NULL
ORDER BY created_time, id;

-- name: DispatchTranscribes :many
-- The oldest waiting transcribes take the free slots. Rows another
-- transaction holds (being cancelled, say) are skipped rather than waited
-- for: the advisory lock is held, and waiting here could close a cycle.
UPDATE transcribes AS t SET dispatched_time = @now::timestamptz
WHERE t.id IN (
	SELECT w.id FROM transcribes AS w
	WHERE w.account_id = @account_id AND w.status = 'queued' AND w.dispatched_time IS NULL
	ORDER BY w.created_time, w.id
	LIMIT @max_jobs
	FOR UPDATE SKIP LOCKED
)
RETURNING t.*;
