-- name: UpsertAccountTerms :exec
-- Keeps the later of two announcements, whatever order they arrive in.
INSERT INTO account_terms (account_id, plan, enabled, updated_time)
VALUES (@account_id, @plan, @enabled, @updated_time)
ON CONFLICT (account_id) DO UPDATE
SET plan = excluded.plan, enabled = excluded.enabled, updated_time = excluded.updated_time
WHERE account_terms.updated_time < excluded.updated_time;

-- name: GetAccountTerms :one
SELECT * FROM account_terms WHERE account_id = @account_id;
