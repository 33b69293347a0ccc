-- Transcribes cancelled before this version ended in status 'error' with the
-- error 'cancelled'; a cancel now has statuses of its own ('cancelling' while
-- the worker may still run the job and holds the account's slot, then
-- 'cancelled', docs/transcribes.md). Old rows are shown the new way. Safe to
-- re-run: a second run finds no such row.
-- +goose Up
UPDATE transcribes SET status = 'cancelled', error = ''
WHERE status = 'error' AND error = 'cancelled';
