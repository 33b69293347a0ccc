-- name: InsertVideo :one
INSERT INTO videos (
	id, account_id, type, name, description, input, source_object_key, outputs,
	thumbnail_path, sprite_path, sprite_index_path, duration, width, height,
	source_width, source_height, aspect_ratio, privacy, categories, enabled, transcoder, spherical, projection,
	tracks, cards, gates, hotspots, chapters, progress, status, status_reason, tags,
	created_by, created_time, updated_by, updated_time, metadata, profile
) VALUES (
	@id, @account_id, @type, @name, @description, @input, @source_object_key, @outputs,
	@thumbnail_path, @sprite_path, @sprite_index_path, @duration, @width, @height,
	@source_width, @source_height, @aspect_ratio, @privacy, @categories, @enabled, @transcoder, @spherical, @projection,
	@tracks, @cards, @gates, @hotspots, @chapters, @progress, @status, @status_reason, @tags,
	@actor_id, now(), @actor_id, now(), @metadata, @profile
)
RETURNING *;

-- name: GetVideo :one
SELECT * FROM videos
WHERE account_id = @account_id AND id = @id;

-- name: FindVideo :one
-- The playback edge's read: by id alone (see catalog.Reader.FindVideo).
SELECT * FROM videos
WHERE id = @id;

-- name: LockVideo :one
SELECT * FROM videos
WHERE account_id = @account_id AND id = @id
FOR UPDATE;

-- name: LockVideoForMedia :one
-- A transcode report names the video and its account, which must match.
SELECT * FROM videos
WHERE id = @id AND account_id = @account_id
FOR UPDATE;

-- name: UpdateVideo :one
UPDATE videos
SET name = @name, description = @description, input = @input,
	source_object_key = @source_object_key, outputs = @outputs,
	thumbnail_path = @thumbnail_path, sprite_path = @sprite_path,
	sprite_index_path = @sprite_index_path, duration = @duration, width = @width,
	height = @height, source_width = @source_width, source_height = @source_height,
	aspect_ratio = @aspect_ratio, privacy = @privacy, categories = @categories, enabled = @enabled,
	transcoder = @transcoder, spherical = @spherical, projection = @projection,
	tracks = @tracks, cards = @cards, gates = @gates, hotspots = @hotspots,
	chapters = @chapters, progress = @progress, status = @status,
	status_reason = @status_reason, tags = @tags, metadata = @metadata,
	updated_by = @actor_id, updated_time = now()
WHERE account_id = @account_id AND id = @id
RETURNING *;

-- name: DeleteVideo :one
DELETE FROM videos
WHERE account_id = @account_id AND id = @id
RETURNING *;

-- name: ListVideos :many
-- Keyset pagination; the start of the list is the zero time and "". Each
-- filter applies when its parameter is not empty (ids: when it lists any); search is an ILIKE
-- pattern the store has already escaped. PostgreSQL keeps planning this
-- prepared statement for each call's values (its generic plan, with the
-- filters unknown, is estimated far dearer), so a filter sent uses its
-- index: tags and categories GIN, name trigram GIN, events' partial index.
SELECT v.* FROM videos v
WHERE v.account_id = @account_id
  AND (v.created_time, v.id) > (@after_time::timestamptz, @after_id::text)
  AND (@status::text = '' OR v.status = @status::text)
  AND (@privacy::text = '' OR v.privacy = @privacy::text)
  AND (@tag::text = '' OR v.tags @> ARRAY[@tag::text])
  AND (@category::text = '' OR v.categories @> ARRAY[@category::text])
  AND (@folder_id::text = '' OR EXISTS (
	SELECT 1 FROM folder_videos fv
	WHERE fv.folder_id = @folder_id::text AND fv.video_id = v.id AND fv.account_id = v.account_id))
  AND (@search_pattern::text = '' OR v.name ILIKE @search_pattern::text)
  AND (@type::text = '' OR v.type = @type::text)
  AND (cardinality(@ids::text[]) = 0 OR v.id = ANY(@ids::text[]))
ORDER BY v.created_time, v.id
LIMIT @row_limit;

-- name: ListVideosNewest :many
-- ListVideos newest first (sort=-created_time): the same filters, the
-- keyset walked backwards from the far future and "", over the same
-- indexes read in reverse. Each filter and the search as in ListVideos.
SELECT v.* FROM videos v
WHERE v.account_id = @account_id
  AND (v.created_time, v.id) < (@before_time::timestamptz, @before_id::text)
  AND (@status::text = '' OR v.status = @status::text)
  AND (@privacy::text = '' OR v.privacy = @privacy::text)
  AND (@tag::text = '' OR v.tags @> ARRAY[@tag::text])
  AND (@category::text = '' OR v.categories @> ARRAY[@category::text])
  AND (@folder_id::text = '' OR EXISTS (
	SELECT 1 FROM folder_videos fv
	WHERE fv.folder_id = @folder_id::text AND fv.video_id = v.id AND fv.account_id = v.account_id))
  AND (@search_pattern::text = '' OR v.name ILIKE @search_pattern::text)
  AND (@type::text = '' OR v.type = @type::text)
  AND (cardinality(@ids::text[]) = 0 OR v.id = ANY(@ids::text[]))
ORDER BY v.created_time DESC, v.id DESC
LIMIT @row_limit;

-- name: MissingCategories :many
SELECT wanted.value::text FROM unnest(@values::text[]) AS wanted (value)
WHERE NOT EXISTS (
	SELECT 1 FROM categories c WHERE c.account_id = @account_id AND c.value = wanted.value
);

-- name: VideoUsage :one
-- What the account's videos amount to, for GET /v2/account/videos.
SELECT
	count(*)::int AS videos,
	count(*) FILTER (WHERE status = 'ready')::int AS ready_videos,
	coalesce(sum(duration), 0)::float8 AS duration_seconds,
	count(*) FILTER (WHERE type = 'event')::int AS live_events,
	count(*) FILTER (WHERE type = 'event' AND status = 'live')::int AS live_now
FROM videos
WHERE account_id = @account_id;
