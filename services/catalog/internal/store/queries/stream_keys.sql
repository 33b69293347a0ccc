-- name: GetStreamKey :one
SELECT * FROM stream_keys
WHERE account_id = @account_id AND video_id = @video_id;

-- name: ReplaceStreamKey :one
-- Rotation: a new secret, usable again even if it was revoked. An event
-- made before stream keys existed gets its first one.
INSERT INTO stream_keys (
	video_id, account_id, key_hash, key_sealed, revoked_time, plan,
	created_by, created_time, updated_by, updated_time
) VALUES (
	@video_id, @account_id, @key_hash, @key_sealed, NULL, @plan,
	@actor_id, now(), @actor_id, now()
)
ON CONFLICT (video_id) DO UPDATE
SET key_hash = excluded.key_hash, key_sealed = excluded.key_sealed, revoked_time = NULL, plan = excluded.plan,
	updated_by = excluded.updated_by, updated_time = excluded.updated_time
WHERE stream_keys.account_id = excluded.account_id
RETURNING *;

-- name: RevokeStreamKey :one
UPDATE stream_keys
SET revoked_time = coalesce(revoked_time, now()), updated_by = @actor_id, updated_time = now()
WHERE account_id = @account_id AND video_id = @video_id
RETURNING *;

-- name: FindStreamKey :one
-- The live service's lookup of a publisher's key, by its hash alone: the
-- publisher names no account.
SELECT * FROM stream_keys
WHERE key_hash = @key_hash;

-- name: LockLiveAdmission :exec
-- Serialises AuthorizePublish per account until the transaction ends: two
-- publishers connecting at once must not both see the same free slot.
SELECT pg_advisory_xact_lock(hashtextextended('live_admission:' || @account_id::text, 0));

-- name: CountAdmittedEvents :one
-- The account's events other than video_id that hold one of the plan's live
-- events at once: live, or still preparing with a publisher admitted within
-- the last window_seconds (live.started not yet arrived, or a publisher that
-- left before it did, whose admission lapses). An event that ended holds
-- none. The database's clock both writes and reads admitted_time.
SELECT count(*) FROM videos AS v
LEFT JOIN stream_keys AS k ON k.video_id = v.id
WHERE v.account_id = @account_id AND v.type = 'event' AND v.id <> @video_id
  AND (v.status = 'live'
    OR (v.status = 'preparing' AND k.admitted_time > now() - make_interval(secs => @window_seconds::float8)));

-- name: AdmitStreamKey :exec
-- Records that a publisher was let in on the event's key now.
UPDATE stream_keys SET admitted_time = now()
WHERE account_id = @account_id AND video_id = @video_id;
