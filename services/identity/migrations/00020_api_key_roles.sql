-- +goose Up
-- A key's role is its ceiling (docs/roles.md): it acts with at most that
-- role, and a key made by a person also with at most that person's current
-- role, and not at all while they are disabled. user_id names that person;
-- deleting them deletes their keys. Keys of the operator (the bootstrap key,
-- `vidhost admin`) have no user and keep the owner role.
ALTER TABLE api_keys
    ADD COLUMN IF NOT EXISTS role text NOT NULL DEFAULT 'owner'
        CHECK (role IN ('owner', 'admin', 'uploader', 'viewer')),
    ADD COLUMN IF NOT EXISTS user_id text REFERENCES users (id) ON DELETE CASCADE;

CREATE INDEX IF NOT EXISTS api_keys_user ON api_keys (user_id) WHERE user_id IS NOT NULL;

-- Keys made before roles existed: follow created_by back through the keys
-- that made them to the person at the root of the chain, if any, and give
-- each key that person's role. A key minted by an admin's key is an admin
-- key, not the owner key it used to act as. Chains are followed for at
-- most 32 links (a cycle cannot happen: a key is made by an older one).
WITH RECURSIVE chain (key_id, account_id, actor, depth) AS (
    SELECT id, account_id, created_by, 0 FROM api_keys WHERE user_id IS NULL
  UNION ALL
    SELECT c.key_id, c.account_id, k.created_by, c.depth + 1
    FROM chain c
    JOIN api_keys k ON k.id = c.actor AND k.account_id = c.account_id
    WHERE c.depth < 32
),
roots AS (
    SELECT DISTINCT ON (c.key_id) c.key_id, u.id AS user_id, u.role
    FROM chain c
    JOIN users u ON u.id = c.actor AND u.account_id = c.account_id
    ORDER BY c.key_id, c.depth
)
UPDATE api_keys k
SET user_id = r.user_id, role = r.role
FROM roots r
WHERE k.id = r.key_id AND k.user_id IS NULL;

-- +goose Down
DROP INDEX IF EXISTS api_keys_user;
ALTER TABLE api_keys DROP COLUMN IF EXISTS user_id, DROP COLUMN IF EXISTS role;
