-- name: NoteQuotaReached :one
-- Records that the account reached its quota at @noticed_time, unless it
-- was already recorded after @since; a row comes back only when recorded.
INSERT INTO quota_notices (account_id, noticed_time)
VALUES (@account_id, @noticed_time)
ON CONFLICT (account_id) DO UPDATE SET noticed_time = EXCLUDED.noticed_time
	WHERE quota_notices.noticed_time <= @since::timestamptz
RETURNING account_id;
