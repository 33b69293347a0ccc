-- name: InsertFolder :one
INSERT INTO folders (id, account_id, name, parent_id, created_by, created_time, updated_by, updated_time)
VALUES (@id, @account_id, @name, sqlc.narg(parent_id), @actor_id, now(), @actor_id, now())
RETURNING *;

-- name: GetFolder :one
SELECT * FROM folders
WHERE account_id = @account_id AND id = @id;

-- name: LockFolder :one
SELECT * FROM folders
WHERE account_id = @account_id AND id = @id
FOR UPDATE;

-- name: UpdateFolder :one
UPDATE folders
SET name = @name, parent_id = sqlc.narg(parent_id), updated_by = @actor_id, updated_time = now()
WHERE account_id = @account_id AND id = @id
RETURNING *;

-- name: DeleteFolder :one
DELETE FROM folders
WHERE account_id = @account_id AND id = @id
RETURNING *;

-- name: ListFolders :many
-- Keyset pagination; the start of the list is the zero time and "".
SELECT * FROM folders
WHERE account_id = @account_id
  AND (created_time, id) > (@after_time::timestamptz, @after_id::text)
ORDER BY created_time, id
LIMIT @row_limit;

-- name: FolderAncestors :many
-- The folder and its enclosing folders, innermost first. Cycles cannot be
-- stored (UpdateFolder refuses them); depth bounds the walk regardless.
WITH RECURSIVE chain (id, parent_id, depth) AS (
	SELECT f.id, f.parent_id, 0 FROM folders f
	WHERE f.account_id = @account_id AND f.id = @id
	UNION ALL
	SELECT f.id, f.parent_id, chain.depth + 1 FROM folders f
	JOIN chain ON f.id = chain.parent_id
	WHERE f.account_id = @account_id AND chain.depth < 1000
)
SELECT chain.id FROM chain ORDER BY chain.depth;

-- name: AddFolderVideo :one
-- Both must be the account's; filing again keeps the first filing.
INSERT INTO folder_videos (account_id, folder_id, video_id, added_by, added_time)
SELECT @account_id, f.id, v.id, @actor_id, now()
FROM folders f, videos v
WHERE f.account_id = @account_id AND f.id = @folder_id
  AND v.account_id = @account_id AND v.id = @video_id
ON CONFLICT (folder_id, video_id) DO UPDATE SET added_time = folder_videos.added_time
RETURNING folder_id;

-- name: RemoveFolderVideo :one
DELETE FROM folder_videos
WHERE account_id = @account_id AND folder_id = @folder_id AND video_id = @video_id
RETURNING folder_id;
