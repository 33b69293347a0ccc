-- name: QueueTranscodeJob :exec
INSERT INTO transcode_queue (video_id, account_id, job_id, subject, payload, created_time)
VALUES (@video_id, @account_id, @job_id, @subject, @payload, @created_time);

-- name: LockTranscodeQueue :exec
-- Serialises dispatching per account until the transaction ends: two
-- transactions must not both see the same free slot.
SELECT pg_advisory_xact_lock(hashtextextended('transcode_queue:' || @account_id::text, 0));

-- name: CountRunningTranscodeJobs :one
-- Jobs dispatched before lease_start are counted as lost (their report never
-- came) and hold no slot.
SELECT count(*) FROM transcode_queue
WHERE account_id = @account_id AND dispatched_time IS NOT NULL AND dispatched_time > @lease_start::timestamptz;

-- name: DispatchTranscodeJobs :many
UPDATE transcode_queue AS q SET dispatched_time = @now::timestamptz
WHERE q.account_id = @account_id AND q.video_id IN (
	SELECT w.video_id FROM transcode_queue AS w
	WHERE w.account_id = @account_id AND w.dispatched_time IS NULL
	ORDER BY w.created_time, w.video_id
	LIMIT @max_jobs
)
RETURNING q.job_id, q.subject, q.payload;

-- name: FinishTranscodeJob :many
-- A final report frees its job's slot; it must name the job's account.
DELETE FROM transcode_queue
WHERE account_id = @account_id AND video_id = @video_id
	AND dispatched_time IS NOT NULL
RETURNING account_id;

-- name: DropWaitingTranscodeJob :exec
-- A deleted video's job that has not started never will.
DELETE FROM transcode_queue
WHERE account_id = @account_id AND video_id = @video_id AND dispatched_time IS NULL;

-- name: RunningTranscodeJobOfVideo :many
-- The id of the video's job that was sent and has not reported its end:
-- the one a deleted video's workers are told to stop.
SELECT job_id FROM transcode_queue
WHERE account_id = @account_id AND video_id = @video_id AND dispatched_time IS NOT NULL;
